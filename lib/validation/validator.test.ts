/** @jest-environment node */
// The shell's validators against well-formed, malformed and hostile input: each refusal names the
// path it failed at, and nothing outside the shape reaches the output.
import {
  array,
  boolean,
  int,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
  ValidationError,
  type Infer,
} from './validator';

const refusal = (result: { success: boolean; error?: ValidationError }) => {
  expect(result.success).toBe(false);
  return result.error!;
};

describe('scalars', () => {
  it.each([
    ['string', string(), 'text', [1, null, undefined, {}, ['a'], true]],
    ['boolean', boolean(), false, ['false', 0, null, undefined]],
    ['number', number(), 1.5, ['1', NaN, Infinity, -Infinity, null, 10n]],
    ['int', int(), -3, [1.5, '3', NaN, Infinity, 2 ** 53, null]],
    ['literal', literal('ok'), 'ok', ['OK', 'ok ', null, ['ok'], { ok: true }]],
    ['oneOf', oneOf(['clerk', 'admin']), 'admin', ['owner', 'Admin', 0, null, ['admin']]],
  ] as const)('%s accepts its own kind and refuses the rest', (_name, check, good, bads) => {
    expect(check.safeParse(good)).toEqual({ success: true, data: good });
    for (const bad of bads) expect(refusal(check.safeParse(bad))).toBeInstanceOf(ValidationError);
  });

  it('string with a minimum length refuses a shorter one', () => {
    expect(string({ minLength: 1 }).safeParse('a').success).toBe(true);
    expect(refusal(string({ minLength: 1 }).safeParse('')).message).toBe(
      'the value: expected a string of at least 1 characters',
    );
  });

  it('oneOf does not accept an inherited name', () => {
    expect(oneOf(['a']).safeParse('toString').success).toBe(false);
  });

  it('nullable takes null and what it wraps, nothing else', () => {
    const check = nullable(string());
    expect(check.safeParse(null)).toEqual({ success: true, data: null });
    expect(check.safeParse('x')).toEqual({ success: true, data: 'x' });
    expect(check.safeParse(undefined).success).toBe(false);
  });
});

describe('object', () => {
  const user = object({
    loginId: string({ minLength: 1 }),
    role: optional(oneOf(['clerk', 'admin'])),
    team: nullable(object({ name: string() })),
  });

  it('keeps the shape and drops unknown keys, as zod does', () => {
    const input = { loginId: 'demo', role: 'admin', team: { name: 'A', extra: 1 }, token: 's' };
    expect(user.safeParse(input)).toEqual({
      success: true,
      data: { loginId: 'demo', role: 'admin', team: { name: 'A' } },
    });
  });

  it('leaves an absent optional key absent', () => {
    const result = user.safeParse({ loginId: 'demo', team: null });
    expect(result).toEqual({ success: true, data: { loginId: 'demo', team: null } });
    expect(result.success && 'role' in result.data).toBe(false);
  });

  it('names the path of the first failure', () => {
    const error = refusal(user.safeParse({ loginId: 'demo', team: { name: 7 } }));
    expect(error.path).toEqual(['team', 'name']);
    expect(error.message).toBe('team.name: expected a string');
    expect(refusal(user.safeParse({ loginId: 'demo', role: 'owner', team: null })).message).toBe(
      'role: expected one of clerk, admin',
    );
  });

  it.each([null, undefined, 'text', 42, [], [{ loginId: 'demo', team: null }]])(
    'refuses %p where an object belongs',
    (input) => {
      expect(refusal(user.safeParse(input)).message).toBe('the value: expected an object');
    },
  );

  it('reads only own keys: nothing from a prototype', () => {
    const inherited = Object.create({ loginId: 'demo', team: null }) as object;
    expect(user.safeParse(inherited).success).toBe(false);
    const check = object({ toString: optional(string()) });
    expect(check.safeParse({})).toEqual({ success: true, data: {} });
  });

  it('does not carry a __proto__ key of parsed JSON into its output', () => {
    const hostile = JSON.parse('{"loginId":"demo","team":null,"__proto__":{"admin":true}}');
    const result = user.safeParse(hostile);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect((result.data as Record<string, unknown>).admin).toBeUndefined();
  });

  it('types its output from the shape', () => {
    type User = Infer<typeof user>;
    const typed: User = { loginId: 'x', team: null };
    expect(user.safeParse(typed).success).toBe(true);
  });
});

describe('array', () => {
  const list = array(object({ id: int() }));

  it('checks every item and names the index that fails', () => {
    expect(list.safeParse([{ id: 1 }, { id: 2 }])).toEqual({
      success: true,
      data: [{ id: 1 }, { id: 2 }],
    });
    expect(refusal(list.safeParse([{ id: 1 }, { id: '2' }])).path).toEqual([1, 'id']);
  });

  it('refuses an array-like object', () => {
    expect(list.safeParse({ length: 0 }).success).toBe(false);
  });

  it('copes with a long input without a stack overflow', () => {
    const many = Array.from({ length: 100_000 }, (_, id) => ({ id }));
    expect(list.safeParse(many).success).toBe(true);
  });
});

describe('errors other than a refusal', () => {
  it('are not swallowed', () => {
    const exploding = object({ a: string() });
    const input = {};
    Object.defineProperty(input, 'a', {
      enumerable: true,
      get() {
        throw new RangeError('boom');
      },
    });
    expect(() => exploding.safeParse(input)).toThrow(RangeError);
  });
});

describe('parse', () => {
  it('gives the value or throws the ValidationError', () => {
    const check = object({ dsn: nullable(string()) });
    expect(check.parse({ dsn: null })).toEqual({ dsn: null });
    expect(() => check.parse({ dsn: 1 })).toThrow(new ValidationError(['dsn'], 'a string'));
  });
});
