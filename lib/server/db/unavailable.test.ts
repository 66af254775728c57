/** @jest-environment node */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { DatabaseUnreachable, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** A query's failure as drizzle throws it: the driver's error is its cause. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
const opening = (cause: unknown) => new DatabaseUnreachable(cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['opening it refused', opening(withCode('ECONNREFUSED'))],
    ['a query on a reset connection', wrapped(withCode('ECONNRESET'))],
    ['a query timing out', wrapped(withCode('ETIMEDOUT'))],
    ['opening it, an unknown host', opening(withCode('ENOTFOUND'))],
    ['the server shutting down (57P01)', withCode('57P01')],
    ['the server starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pg: a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['drizzle wrapping a refused connection', wrapped(withCode('ECONNREFUSED'))],
    [
      'both addresses refused (AggregateError)',
      wrapped(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])),
    ],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', wrapped(withCode('23505'))],
    ['a syntax error (42601)', wrapped(withCode('42601'))],
    ['a serialization failure (40001)', withCode('40001')],
    ['a plain bug', new TypeError('x is undefined')],
    // Not the database's: PubNub's grant or history read refused on the way.
    ['a refused connection elsewhere', withCode('ECONNREFUSED')],
    [
      'a timeout elsewhere',
      Object.assign(new Error('fetch failed'), { cause: withCode('ETIMEDOUT') }),
    ],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('follows a cycle of causes without looping', () => {
    const a: { cause?: unknown } & Error = new Error('a');
    const b: { cause?: unknown } & Error = new Error('b');
    a.cause = b;
    b.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
