import {
  addBreadcrumb,
  captureException,
  dedupeIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  type Breadcrumb,
} from '@sentry/nextjs';
import { sharedSentryOptions } from './sentry-options';

/**
 * Sentry's browser SDK, loaded only when the first error is reported, so no screen pays for it
 * up front. Default integrations are off: the reporter installs the global handlers itself.
 */
export function startSentry(dsn: string, environment: string, breadcrumbs: Breadcrumb[]) {
  init({
    ...sharedSentryOptions(dsn, environment),
    defaultIntegrations: false,
    // httpContext adds the page url (scrubbed of its query in beforeSend).
    integrations: [dedupeIntegration(), linkedErrorsIntegration(), httpContextIntegration()],
  });
  breadcrumbs.forEach((crumb) => addBreadcrumb(crumb));
  return { captureException, addBreadcrumb };
}
