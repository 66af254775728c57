// Hand-written validators for what the browser shell reads (API answers, stored values, the
// reporting meta tag). zod/mini cost about 20 kB gzip on every page's first load (ADR 18, docs/benchmarks.md); these
// cover the few shapes the shell needs in well under 1 kB. Server code and the lazily loaded live
// part keep zod. Each validator has the `safeParse` of a zod schema, so `apiRequest` takes either.

/** Where in the value a check failed (`user.role`) and what it wanted there. */
export class ValidationError extends Error {
  readonly path: readonly (string | number)[];
  readonly expected: string;

  constructor(path: readonly (string | number)[], expected: string) {
    super(`${path.length ? path.join('.') : 'the value'}: expected ${expected}`);
    this.name = 'ValidationError';
    this.path = path;
    this.expected = expected;
  }
}

export type ParseResult<T> =
  { success: true; data: T } | { success: false; error: ValidationError };

export interface Validator<T> {
  safeParse(input: unknown): ParseResult<T>;
  /** The value, or a thrown ValidationError. */
  parse(input: unknown): T;
  /** Set on `optional(…)`: the key may be absent from an object. */
  readonly optional?: true;
}

/** What `optional(…)` makes: its key may be absent from an object. */
export type OptionalValidator<T> = Validator<T | undefined> & { readonly optional: true };

export type Infer<V> = V extends Validator<infer T> ? T : never;

// A check either returns the value it accepts or throws the ValidationError of the innermost
// failure, so nested validators report a full path without building results at every level.
type Check<T> = (input: unknown, path: (string | number)[]) => T;
const checks = new WeakMap<Validator<unknown>, Check<unknown>>();

function validator<T>(check: Check<T>, optional?: true): Validator<T> {
  const made: Validator<T> = {
    safeParse(input) {
      try {
        return { success: true, data: check(input, []) };
      } catch (error) {
        if (error instanceof ValidationError) return { success: false, error };
        throw error;
      }
    },
    parse: (input) => check(input, []),
    ...(optional ? { optional } : {}),
  };
  checks.set(made, check);
  return made;
}

const run = <T>(of: Validator<T>, input: unknown, path: (string | number)[]): T =>
  (checks.get(of) as Check<T>)(input, path);

function fail(path: (string | number)[], expected: string): never {
  throw new ValidationError([...path], expected);
}

export function string(options: { minLength?: number } = {}): Validator<string> {
  const minLength = options.minLength ?? 0;
  const expected = minLength ? `a string of at least ${minLength} characters` : 'a string';
  return validator((input, path) =>
    typeof input === 'string' && input.length >= minLength ? input : fail(path, expected),
  );
}

export const boolean = (): Validator<boolean> =>
  validator((input, path) => (typeof input === 'boolean' ? input : fail(path, 'a boolean')));

/** A finite number, as zod 4's `number()`: NaN and the infinities are refused. */
export const number = (): Validator<number> =>
  validator((input, path) =>
    typeof input === 'number' && Number.isFinite(input) ? input : fail(path, 'a finite number'),
  );

/** A safe integer, as zod 4's `int()`. */
export const int = (): Validator<number> =>
  validator((input, path) =>
    Number.isSafeInteger(input) ? (input as number) : fail(path, 'an integer'),
  );

export const literal = <const T extends string | number | boolean | null>(value: T): Validator<T> =>
  validator((input, path) => (input === value ? value : fail(path, JSON.stringify(value))));

export function oneOf<const T extends readonly string[]>(values: T): Validator<T[number]> {
  const expected = `one of ${values.join(', ')}`;
  return validator((input, path) =>
    typeof input === 'string' && values.includes(input) ? input : fail(path, expected),
  );
}

export const nullable = <T>(of: Validator<T>): Validator<T | null> =>
  validator((input, path) => (input === null ? null : run(of, input, path)));

/** For an object's key that may be absent (or undefined). */
export const optional = <T>(of: Validator<T>): OptionalValidator<T> =>
  validator(
    (input, path) => (input === undefined ? undefined : run(of, input, path)),
    true,
  ) as OptionalValidator<T>;

export const array = <T>(of: Validator<T>): Validator<T[]> =>
  validator((input, path) =>
    Array.isArray(input)
      ? input.map((item, index) => run(of, item, [...path, index]))
      : fail(path, 'an array'),
  );

type Shape = Record<string, Validator<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { optional: true } ? K : never;
}[keyof S];
type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]>;
} & { [K in OptionalKeys<S>]?: Infer<S[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * A plain JSON object with these keys; other keys are dropped, as zod's `object()` does. Only own
 * properties count, so nothing is read from a prototype (`toString`, a polluted
 * `Object.prototype`).
 */
export function object<S extends Shape>(shape: S): Validator<Flat<ObjectOf<S>>> {
  const keys = Object.keys(shape);
  return validator((input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return fail(path, 'an object');
    const output: Record<string, unknown> = {};
    for (const key of keys) {
      const present = Object.hasOwn(input, key);
      const value = present ? (input as Record<string, unknown>)[key] : undefined;
      const checked = run(shape[key]!, value, [...path, key]);
      // An absent optional key stays absent, as zod leaves it.
      if (present || checked !== undefined) output[key] = checked;
    }
    return output as Flat<ObjectOf<S>>;
  });
}
