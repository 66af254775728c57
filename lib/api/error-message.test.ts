import { ApiError, type ApiErrorCode } from './api-error';
import { apiErrorMessage } from './error-message';

describe('apiErrorMessage', () => {
  it.each<[ApiErrorCode, number | null, ReturnType<typeof apiErrorMessage>]>([
    ['network', null, { key: 'network' }],
    ['aborted', null, { key: 'aborted' }],
    ['timeout', null, { key: 'timeout' }],
    ['invalid_response', 200, { key: 'invalid_response' }],
    ['rate_limited', 429, { key: 'rate_limited' }],
    ['unauthorized', 401, { key: 'unauthorized' }],
    ['forbidden', 403, { key: 'forbidden' }],
    // The database down (contract §15): said as such, worth a retry.
    ['unavailable', 503, { key: 'unavailable' }],
    ['flag_unresolved', 409, { key: 'refused', status: 409 }],
    ['bad_request', 400, { key: 'refused', status: 400 }],
    ['invalid_credentials', 401, { key: 'refused', status: 401 }],
    ['not_found', 404, { key: 'refused', status: 404 }],
    ['conflict', 409, { key: 'refused', status: 409 }],
    ['payload_too_large', 413, { key: 'refused', status: 413 }],
    ['internal', 500, { key: 'other', status: 500 }],
    ['http_error', 502, { key: 'other', status: 502 }],
    ['http_error', 418, { key: 'refused', status: 418 }],
    ['http_error', null, { key: 'other', status: 0 }],
  ])('%s (status %p) → %p', (code, status, expected) => {
    expect(apiErrorMessage(new ApiError(code, 'msg', { status }))).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['a plain Error', new Error('boom')],
    ['a string', 'network'],
    ['null', null],
    ['undefined', undefined],
    ['an object shaped like an ApiError', { code: 'network', status: 503 }],
  ])('%s that is not an ApiError → other with status 0', (_name, error) => {
    expect(apiErrorMessage(error)).toEqual({ key: 'other', status: 0 });
  });
});
