import { ApiError, errorEnvelopeSchema, isApiError, mayHaveActed } from './api-error';

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

describe('errorEnvelopeSchema', () => {
  it('reads the code and message and drops the rest', () => {
    const body = {
      error: { code: 'conflict', message: 'Decided elsewhere', at: 1 },
      agreement: {},
    };
    expect(errorEnvelopeSchema.safeParse(body)).toEqual({
      success: true,
      data: { error: { code: 'conflict', message: 'Decided elsewhere' } },
    });
  });

  it.each([
    ['null', null],
    ['a string', 'Bad gateway'],
    ['an array', [{ error: { code: 'x', message: 'y' } }]],
    ['no error', {}],
    ['an error that is a string', { error: 'conflict' }],
    ['a numeric code', { error: { code: 409, message: 'x' } }],
    ['no message', { error: { code: 'conflict' } }],
    [
      'the envelope only under __proto__',
      JSON.parse('{"__proto__":{"error":{"code":"x","message":"y"}}}'),
    ],
  ])('refuses %s', (_name, body) => {
    expect(errorEnvelopeSchema.safeParse(body).success).toBe(false);
  });
});

describe('mayHaveActed', () => {
  it.each([
    ['no answer (network)', new ApiError('network', 'x'), true],
    ['a cancelled call', new ApiError('aborted', 'x'), true],
    ['no answer in time', new ApiError('timeout', 'x'), true],
    ['an answer of the wrong shape', new ApiError('invalid_response', 'x', { status: 200 }), true],
    ['a server error', new ApiError('internal', 'x', { status: 500 }), true],
    ['a proxy error page', new ApiError('http_error', 'HTTP 502', { status: 502 }), true],
    ['not an ApiError', new TypeError('x'), true],
    ['a refused body', new ApiError('bad_request', 'x', { status: 400 }), false],
    ['a role refused', new ApiError('forbidden', 'x', { status: 403 }), false],
    ['too large', new ApiError('payload_too_large', 'x', { status: 413 }), false],
    ['rate limited', new ApiError('rate_limited', 'x', { status: 429 }), false],
  ])('%s → %s', (_name, error, expected) => {
    expect(mayHaveActed(error)).toBe(expected);
  });
});
