import { appEnvs } from '@/lib/app-env';
import { nullable, object, oneOf, string, type Infer } from '@/lib/validation/validator';

/**
 * What the browser needs to report errors, rendered by the server into a meta tag so one build
 * serves every deployment (the DSN is public by design; no secret travels this way).
 */
export const reportingConfigSchema = object({
  appEnv: oneOf(appEnvs),
  dsn: nullable(string()),
});
export type ReportingConfig = Infer<typeof reportingConfigSchema>;

export const reportingMetaName = 'gavel-reporting';

/** Local mode, or no DSN: errors are only logged. */
export const sendsToSentry = (
  config: ReportingConfig,
): config is ReportingConfig & { dsn: string } => config.appEnv !== 'local' && config.dsn !== null;
