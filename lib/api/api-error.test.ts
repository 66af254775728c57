import { ApiError, isApiError } from './api-error';

describe('isApiError', () => {
  it.each([
    ['an ApiError with that code', new ApiError('conflict', 'x'), true],
    ['an ApiError with another code', new ApiError('network', 'x'), false],
    ['a plain Error', new Error('conflict'), false],
    ['something thrown that is no error', { code: 'conflict' }, false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isApiError(error, 'conflict')).toBe(expected);
  });
});
