import * as Sentry from '@sentry/nextjs';

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Validates every variable, migrates the database and seeds the demo account before serving;
    // a bad configuration stops the server with a sentence naming it.
    const { startServer } = await import('./lib/server/startup');
    await startServer();
    await import('./sentry.server.config');
  }
  if (process.env.NEXT_RUNTIME === 'edge') {
    await import('./sentry.edge.config');
  }
}

// Errors from server components, route handlers and middleware; a no-op when Sentry is not started.
export const onRequestError = Sentry.captureRequestError;
