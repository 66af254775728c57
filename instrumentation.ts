import * as Sentry from '@sentry/nextjs';

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Validates every variable at start: a bad configuration stops the server with a sentence.
    const { serverEnv } = await import('./lib/env');
    serverEnv();
    await import('./sentry.server.config');
  }
  if (process.env.NEXT_RUNTIME === 'edge') {
    await import('./sentry.edge.config');
  }
}

// Errors from server components, route handlers and middleware; a no-op when Sentry is not started.
export const onRequestError = Sentry.captureRequestError;
