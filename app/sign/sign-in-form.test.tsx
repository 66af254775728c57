import { ApiError } from '@/lib/api/api-error';
import { toFailure } from './sign-in-form';

describe('toFailure', () => {
  it.each([
    [new ApiError('invalid_credentials', 'x', { status: 401 }), { kind: 'invalid_credentials' }],
    [new ApiError('network', 'x'), { kind: 'network' }],
    [new ApiError('timeout', 'x'), { kind: 'timeout' }],
    [new ApiError('internal', 'x', { status: 500 }), { kind: 'server' }],
    [
      new ApiError('rate_limited', 'x', { status: 429, retryAfterSeconds: 899 }),
      { kind: 'rate_limited', minutes: 15 },
    ],
    [new TypeError('x'), { kind: 'server' }],
  ])('%s → %j', (error, failure) => {
    expect(toFailure(error)).toEqual(failure);
  });
});
