import type { init } from '@sentry/nextjs';
import { prepareEvent } from './scrub-event';

type SentryOptions = NonNullable<Parameters<typeof init>[0]>;

/**
 * Options every Sentry client shares (browser, Node, Edge): no personal data is collected at
 * the source, and `beforeSend` drops ignored errors and scrubs what is left.
 */
export function sharedSentryOptions(dsn: string, environment: string) {
  return {
    dsn,
    environment,
    tracesSampleRate: 0,
    enhanceFetchErrorMessages: false,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
    },
    beforeSend: prepareEvent,
  } satisfies SentryOptions;
}
