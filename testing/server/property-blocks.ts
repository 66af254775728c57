import 'server-only';
import fc from 'fast-check';
import {
  bodyTooLarge,
  breakingBodySpec,
  ContractViolation,
  cookieIsValid,
  expectCode,
  expectUnchanged,
  httpMethods,
  isJsonContentType,
  mayBeTooLarge,
  originPlans,
  Outcomes,
  requestSpec,
  type Answer,
  type BuiltRequest,
  type HttpMethod,
  type IdPlan,
  type ProblemCode,
  type RequestSpec,
  type TableSnapshot,
} from './api-arbitraries';
import type { PropertyHarness, RouteRules, Sent } from './property-harness';

// The blocks every property test file repeated: the methods a route gets (its own, mostly, and
// any other for the 405), the refusals of the session and of a mutation's guards in their order,
// the property any read must hold, and the body that breaks off midway. A file declares its
// route's properties with them and adds only what its route answers.

/** Mostly the implemented method (`weight` to one), sometimes any other. */
export const methodsOf = (implemented: HttpMethod, weight = 6) =>
  fc.oneof(
    { arbitrary: fc.constant(implemented), weight },
    { arbitrary: fc.constantFrom(...httpMethods), weight: 1 },
  );

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body sent, parsed as JSON; undefined without one or when it is not JSON. */
export function sentJson(built: BuiltRequest): unknown {
  try {
    return built.bodyText === null ? undefined : JSON.parse(built.bodyText);
  } catch {
    return undefined;
  }
}

/** The row count of a table's digest (`TableSnapshot`). */
export const rowCount = (digest: string) => Number(digest.split(':')[0]);

/** The spec as this console's browser sends JSON: same origin, JSON, the payload whole. */
export function sameOriginJson(base: RequestSpec, payload: unknown, chunks = 0): RequestSpec {
  return {
    ...base,
    origin: originPlans[0]!,
    contentType: 'application/json',
    body: {
      payload: JSON.stringify(payload),
      chunks,
      contentLength: { kind: 'none' },
      breaksAfter: null,
    },
  };
}

/**
 * A session check refuses before the body is read: 401 for a cookie the database must refuse,
 * never for a valid one. True when what follows does not apply: no valid session, or a cookie only
 * the parser can judge.
 */
export function sessionGuard(spec: RequestSpec, answer: Answer): boolean {
  const valid = cookieIsValid(spec.cookie);
  if (valid === false) {
    expectCode(answer, 'unauthorized', `cookie ${spec.cookie.kind}`);
    return true;
  }
  if (valid === true && answer.code === 'unauthorized') {
    throw new ContractViolation('401 for a valid session');
  }
  return valid === null;
}

/**
 * The refusals a mutation's guards give, in their order: same origin (unless `sameOrigin` is false,
 * for a server-to-server route), a JSON content type, the session (with `session`), then the size
 * (a 413 only for a body that is or says it is too large). True when a guard refused, or when
 * only the parser can judge the cookie.
 */
export function mutationGuard(
  spec: RequestSpec,
  built: BuiltRequest,
  answer: Answer,
  { sameOrigin = true, session = false } = {},
): boolean {
  if (sameOrigin && !spec.origin.sameOrigin) {
    expectCode(answer, 'forbidden', `origin evidence "${spec.origin.name}" is not same-origin`);
    return true;
  }
  if (!isJsonContentType(built.request.headers.get('content-type'))) {
    expectCode(answer, 'forbidden', 'the content type is not JSON');
    return true;
  }
  if (answer.code === 'forbidden') {
    throw new ContractViolation(`403 for a JSON request (origin evidence "${spec.origin.name}")`);
  }
  if (session && sessionGuard(spec, answer)) return true;
  if (bodyTooLarge(built)) {
    expectCode(answer, 'payload_too_large', `${built.bodyBytes} bytes`);
    return true;
  }
  if (answer.code === 'payload_too_large' && !mayBeTooLarge(built)) {
    throw new ContractViolation(`413 for a body of ${built.bodyBytes} bytes`);
  }
  return false;
}

/** What a case of a read property sends: its spec, to which route module, resolved how. */
export interface ReadRequest<Detail> {
  spec: RequestSpec;
  route: object;
  id?: string | null;
  context?: BuiltRequest['context'];
  /** Whatever the route's own checks need to know of the case (the agreement an id names). */
  detail?: Detail;
}

/** A GET or HEAD sent, for a route's own checks. */
export interface Read<Detail> extends Sent {
  spec: RequestSpec;
  /** Whether the database must accept the cookie's session (null: the parser decides). */
  valid: boolean | null;
  detail: Detail | undefined;
}

export interface ReadProperty<Case, Detail> {
  title: string;
  /** The path as the contract names it, for messages: `/api/agreements/{id}`. */
  path: string;
  cases: fc.Arbitrary<Case>;
  request(testCase: Case): Promise<ReadRequest<Detail>>;
  rules: RouteRules;
  /** The route needs a session: 401 for a cookie the database must refuse, never a valid one. */
  session: boolean;
  /** The route's own checks of a GET or HEAD (after the session's). */
  check?(read: Read<Detail>): Promise<void> | void;
  /** The outcomes the cases must reach ("200", "401 unauthorized"). */
  reached: readonly string[];
  /** About how long one case takes, in ms: the Jest timeout follows. */
  msPerCase: number;
}

/**
 * Declares the property of a read, whatever is sent: every method answered as the contract says
 * (a 405 in the envelope for those the route lacks), never a write, the session's refusals, then
 * the route's own checks of a GET or HEAD.
 */
export function itAnswersAnyRead<Case, Detail = never>(
  harness: PropertyHarness,
  property: ReadProperty<Case, Detail>,
): void {
  const { settings } = harness;
  it(
    property.title,
    async () => {
      const outcomes = new Outcomes();
      await fc.assert(
        fc.asyncProperty(property.cases, async (testCase) => {
          const { spec, route, id, context, detail } = await property.request(testCase);
          const sent = await harness.send(route, spec, property.rules, { id, context });
          outcomes.note(sent.answer);
          expectUnchanged(sent.before, sent.after, `${spec.method} ${property.path}`);
          if (spec.method !== 'GET' && spec.method !== 'HEAD') return;
          if (property.session) sessionGuard(spec, sent.answer);
          const valid = cookieIsValid(spec.cookie);
          await property.check?.({ ...sent, spec, valid, detail });
        }),
        settings.parameters(),
      );
      outcomes.expectReached(`GET ${property.path}`, property.reached, settings.runs);
    },
    settings.timeoutMs(property.msPerCase),
  );
}

/** A route a body that breaks off midway is sent to. */
export interface BrokenBodyTarget {
  /** What the route does, for messages: `decision`, `sign-in`. */
  name: string;
  path: string;
  /** The route module (read at run time: the file imports it in a hook). */
  route(): object;
  /** The successes it may answer (default none: a body that never arrived whole is no input). */
  success?: number[];
  /** The tables a success may write. */
  writes?: readonly (keyof TableSnapshot)[];
  /** The ids of its `{id}`, and the id a plan names. */
  id?: fc.Arbitrary<IdPlan>;
  resolveId?(plan: IdPlan): Promise<string>;
}

/**
 * Declares the property of POST bodies that break off midway (the `who`'s connection drops): never
 * a 5xx, one of `codes`, nothing written (but what a success may write).
 */
export function itTakesNoBrokenBody(
  harness: PropertyHarness,
  {
    who,
    body,
    targets,
    codes,
    authorization,
  }: {
    who: 'browser' | 'caller';
    /** The body text, before it breaks off. */
    body: fc.Arbitrary<string>;
    targets: BrokenBodyTarget[];
    codes: readonly ProblemCode[];
    /** Send platform bearer tokens. */
    authorization?: boolean;
  },
): void {
  const { settings } = harness;
  const specOf = (target: BrokenBodyTarget) =>
    requestSpec({
      path: target.path,
      methods: fc.constant('POST'),
      id: target.id,
      body,
      transport: breakingBodySpec,
      authorization,
    });
  const cases = targets.length === 1 ? specOf(targets[0]!) : fc.oneof(...targets.map(specOf));
  it(
    `a body that breaks off midway (the ${who}'s connection drops): never a 5xx, nothing written`,
    async () => {
      await fc.assert(
        fc.asyncProperty(cases, async (spec) => {
          const target = targets.find((candidate) => candidate.path === spec.path)!;
          const id = target.resolveId && spec.id ? await target.resolveId(spec.id) : null;
          const success = target.success ?? [];
          const { answer, before, after } = await harness.send(
            target.route(),
            spec,
            { allow: 'POST, OPTIONS', codes, success },
            { id },
          );
          const written = success.includes(answer.status) ? (target.writes ?? []) : [];
          expectUnchanged(before, after, `a broken-off ${target.name} (${answer.status})`, written);
        }),
        settings.parameters(0.25),
      );
    },
    settings.timeoutMs(80, 0.25),
  );
}
