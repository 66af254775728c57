import { ApiError, isRefusal } from './api-error';

export type ApiErrorMessage =
  | {
      key:
        | 'network'
        | 'aborted'
        | 'timeout'
        | 'invalid_response'
        | 'rate_limited'
        | 'unauthorized'
        | 'forbidden'
        | 'unavailable'
        | 'reauth_required'
        | 'password_change_required'
        | 'last_admin'
        | 'self_change';
    }
  /** Refused (4xx) for a reason the screen does not name; `other` is a server failure or none. */
  | { key: 'refused' | 'other'; status: number };

/** Which `ApiErrors` message describes a failure (pure, so every code has a test). */
export function apiErrorMessage(error: unknown): ApiErrorMessage {
  if (!(error instanceof ApiError)) return { key: 'other', status: 0 };
  switch (error.code) {
    case 'network':
    case 'aborted':
    case 'timeout':
    case 'invalid_response':
    case 'rate_limited':
    case 'unauthorized':
    case 'forbidden':
    case 'unavailable':
    case 'reauth_required':
    case 'password_change_required':
    case 'last_admin':
    case 'self_change':
      return { key: error.code };
    default:
      return { key: isRefusal(error) ? 'refused' : 'other', status: error.status ?? 0 };
  }
}
