import * as Sentry from '@sentry/nextjs';
import { edgeEnv } from '@/lib/env';
import { sendsToSentry } from '@/lib/errors/reporting-config';
import { sharedSentryOptions } from '@/lib/errors/sentry-options';

// The Edge runtime's part of the environment: no start-up checks, which the Node server makes.
const env = edgeEnv();
const reporting = { appEnv: env.appEnv, dsn: env.sentryDsn };

if (sendsToSentry(reporting)) {
  Sentry.init(sharedSentryOptions(reporting.dsn, reporting.appEnv));
}
