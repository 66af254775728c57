import * as Sentry from '@sentry/nextjs';
import { resolveAppEnv } from '@/lib/app-env';
import { sendsToSentry } from '@/lib/errors/reporting-config';
import { sharedSentryOptions } from '@/lib/errors/sentry-options';

// The Edge runtime reads the two values it needs directly: the full env module is Node-only.
const reporting = {
  appEnv: resolveAppEnv(process.env.APP_ENV, process.env.VERCEL_ENV) ?? 'local',
  dsn: process.env.SENTRY_DSN || null,
};

if (sendsToSentry(reporting)) {
  Sentry.init(sharedSentryOptions(reporting.dsn, reporting.appEnv));
}
