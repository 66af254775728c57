import type { ErrorEvent } from '@sentry/nextjs';
import { isReportableText } from './error-filter';

/** The texts of an event: its message and each exception's type and value. */
export function eventText(event: ErrorEvent): string {
  const exceptionTexts = (event.exception?.values ?? []).map((value) => value.value ?? '');
  return [event.message ?? '', ...exceptionTexts].join('\n');
}

function withoutQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/**
 * Keeps what locates a fault (url path, method, stack, tags) and removes what identifies a
 * person or carries a secret: cookies, headers, bodies, query strings, user and extra data.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const { request, user: _user, extra: _extra, ...rest } = event;
  const scrubbed: ErrorEvent = { ...rest };
  if (request) scrubbed.request = { url: withoutQuery(request.url), method: request.method };
  if (event.breadcrumbs) {
    scrubbed.breadcrumbs = event.breadcrumbs.map(({ data: _data, ...crumb }) => ({
      ...crumb,
      message: crumb.message === undefined ? undefined : withoutQuery(crumb.message),
    }));
  }
  return scrubbed;
}

/** The `beforeSend` of every Sentry client: drops ignored errors, scrubs the rest. */
export function prepareEvent(event: ErrorEvent): ErrorEvent | null {
  return isReportableText(eventText(event)) ? scrubEvent(event) : null;
}
