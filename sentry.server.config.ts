import * as Sentry from '@sentry/nextjs';
import { serverEnv } from '@/lib/env';
import { sendsToSentry } from '@/lib/errors/reporting-config';
import { sharedSentryOptions } from '@/lib/errors/sentry-options';

const env = serverEnv();
const reporting = { appEnv: env.appEnv, dsn: env.sentryDsn };

// Local mode or no DSN: no client is started, so request errors are only logged by Next.
if (sendsToSentry(reporting)) {
  Sentry.init(sharedSentryOptions(reporting.dsn, reporting.appEnv));
}
