import 'server-only';
import { serverEnv } from '@/lib/env';
import { reportingConfigSchema, type ReportingConfig } from './reporting-config';

/** What the browser's reporter needs, from this deployment's environment. */
export function clientReportingConfig(): ReportingConfig {
  const env = serverEnv();
  return reportingConfigSchema.parse({ appEnv: env.appEnv, dsn: env.sentryDsn });
}
