/** @jest-environment node */
import { answerOutcome, failureOutcome, halves, retryDelay } from './ingest-outcome.ts';

const problem = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe('answerOutcome', () => {
  it.each([
    { status: 200, batch: 100, body: '{"items":[],"created":0}', kind: 'delivered' },
    { status: 201, batch: 1, body: '', kind: 'delivered' },
    { status: 400, batch: 100, body: problem('bad_request', 'items.3.currency: …'), kind: 'split' },
    { status: 400, batch: 2, body: problem('bad_request', 'items.1.amount: …'), kind: 'split' },
    { status: 400, batch: 1, body: problem('bad_request', 'items.0.amount: …'), kind: 'refused' },
    { status: 413, batch: 100, body: problem('payload_too_large', 'The body …'), kind: 'split' },
    { status: 413, batch: 1, body: '<html>413 Request Entity Too Large</html>', kind: 'refused' },
    { status: 401, batch: 100, body: problem('unauthorized', 'A valid …'), kind: 'unauthorized' },
    { status: 401, batch: 1, body: '', kind: 'unauthorized' },
    { status: 403, batch: 100, body: problem('forbidden', 'Content-Type …'), kind: 'refused' },
    { status: 404, batch: 100, body: 'Not Found', kind: 'refused' },
    { status: 408, batch: 100, body: '', kind: 'retry' },
    { status: 429, batch: 100, body: problem('rate_limited', 'Too many.'), kind: 'retry' },
    { status: 500, batch: 1, body: problem('internal', 'Something went wrong.'), kind: 'retry' },
    { status: 502, batch: 100, body: '<html>Bad Gateway</html>', kind: 'retry' },
    { status: 503, batch: 100, body: problem('unavailable', 'Starting.'), kind: 'retry' },
  ])('$status to a batch of $batch: $kind', ({ status, batch, body, kind }) => {
    expect(answerOutcome({ status, body, retryAfter: null }, batch).kind).toBe(kind);
  });

  it("quotes the console's error on one line, or the start of any other page", () => {
    expect(
      answerOutcome({ status: 400, body: problem('bad_request', 'x'), retryAfter: null }, 1),
    ).toEqual({ kind: 'refused', status: 400, message: '400 (bad_request: x)' });
    expect(
      answerOutcome({ status: 413, body: '<h1>Too\n  large</h1>\n', retryAfter: null }, 2),
    ).toEqual({ kind: 'split', status: 413, message: '413 (<h1>Too large</h1>)' });
    expect(answerOutcome({ status: 404, body: ' ', retryAfter: null }, 2)).toEqual({
      kind: 'refused',
      status: 404,
      message: '404 (no message)',
    });
    const long = answerOutcome({ status: 502, body: 'x'.repeat(1000), retryAfter: null }, 1);
    expect(long).toMatchObject({
      kind: 'retry',
      reason: `the console answered 502 (${'x'.repeat(300)})`,
    });
  });

  it.each([
    { retryAfter: '3', expected: 3000 },
    { retryAfter: null, expected: 0 },
    { retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', expected: 0 },
    { retryAfter: '-5', expected: 0 },
  ])('reads Retry-After $retryAfter as $expected ms', ({ retryAfter, expected }) => {
    expect(answerOutcome({ status: 429, body: '', retryAfter }, 1)).toMatchObject({
      kind: 'retry',
      retryAfterMs: expected,
    });
  });
});

describe('failureOutcome', () => {
  it('retries when the console does not answer, saying why', () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(failureOutcome(timeout)).toEqual({
      kind: 'retry',
      reason: 'the console did not answer in time',
      retryAfterMs: 0,
    });
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    expect(failureOutcome(refused)).toEqual({
      kind: 'retry',
      reason: 'the console is unreachable (ECONNREFUSED)',
      retryAfterMs: 0,
    });
  });
});

describe('halves', () => {
  it.each([
    { batch: [1, 2], expected: [[1], [2]] },
    { batch: [1, 2, 3], expected: [[1, 2], [3]] },
    {
      batch: [1, 2, 3, 4],
      expected: [
        [1, 2],
        [3, 4],
      ],
    },
  ])('cuts $batch into $expected, in order', ({ batch, expected }) => {
    expect(halves(batch)).toEqual(expected);
  });

  it('cuts 100 into 50 and 50, and every batch down to single ones', () => {
    const batch = Array.from({ length: 100 }, (_, index) => index);
    const [first, second] = halves(batch);
    expect([first.length, second.length]).toEqual([50, 50]);
    expect([...first, ...second]).toEqual(batch);
    for (let length = 2; length <= 100; length += 1) {
      const parts = halves(batch.slice(0, length));
      expect(parts.every((part) => part.length > 0 && part.length < length)).toBe(true);
    }
  });
});

describe('retryDelay', () => {
  const backoff = { retryDelayMs: 1_000, maxRetryDelayMs: 60_000 };
  const retry = (retryAfterMs = 0) => ({ kind: 'retry' as const, reason: '', retryAfterMs });
  const unauthorized = { kind: 'unauthorized' as const, message: '401' };

  it.each([
    { name: 'first failure', outcome: retry(), failures: 1, expected: 1_000 },
    { name: 'third failure', outcome: retry(), failures: 3, expected: 4_000 },
    { name: 'tenth failure, capped', outcome: retry(), failures: 10, expected: 60_000 },
    {
      name: 'Retry-After longer than the backoff',
      outcome: retry(5_000),
      failures: 1,
      expected: 5_000,
    },
    {
      name: 'Retry-After shorter than the backoff',
      outcome: retry(500),
      failures: 2,
      expected: 2_000,
    },
    { name: 'a refused token, first time', outcome: unauthorized, failures: 1, expected: 60_000 },
    { name: 'a refused token, again', outcome: unauthorized, failures: 4, expected: 60_000 },
  ])('$name: $expected ms', ({ outcome, failures, expected }) => {
    expect(retryDelay(outcome, failures, backoff)).toBe(expected);
  });
});
