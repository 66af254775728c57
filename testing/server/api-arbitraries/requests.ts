// Requests: the printable RequestSpec, and the NextRequest built from it.
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { type BodySpec, bodySpec, bodyText } from './bodies';
import {
  type AuthorizationPlan,
  type CookiePlan,
  type OriginPlan,
  authorizationPlan,
  contentType,
  cookiePlan,
  noiseHeaders,
  originPlan,
  originPlans,
} from './headers';
import { type IdPlan, percentEncode } from './paths';
import {
  type HttpMethod,
  encoder,
  httpMethods,
  maxBodyBytes,
  oneof,
  origin,
  platformToken,
  sessionCookieName,
} from './wire';

export interface RequestSpec {
  method: HttpMethod;
  /** The path on the wire; `{id}` stands for the resolved id plan. */
  path: string;
  query: string;
  id: IdPlan | null;
  origin: OriginPlan;
  contentType: string | null;
  authorization: AuthorizationPlan | null;
  cookie: CookiePlan;
  headers: readonly (readonly [string, string])[];
  /** Always null for GET and HEAD, which cannot carry one. */
  body: BodySpec | null;
}

export interface RouteTraits {
  path: string;
  methods: fc.Arbitrary<HttpMethod>;
  query?: fc.Arbitrary<string>;
  id?: fc.Arbitrary<IdPlan>;
  /** Body text (default: any JSON-ish text). */
  body?: fc.Arbitrary<string>;
  /** How the body travels (default: `bodySpec` of `body`). */
  transport?: (text: fc.Arbitrary<string>) => fc.Arbitrary<BodySpec>;
  /** Send platform bearer tokens. */
  authorization?: boolean;
  cookie?: fc.Arbitrary<CookiePlan>;
  /** Send random Host headers too (only where no same-origin decision depends on it). */
  host?: boolean;
}

/** A text for a counterexample line: its start and end when it is long (where a cut hides things). */
export const show = (text: string, max = 160) =>
  text.length <= max
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, max - 40))}…(${text.length} chars)…${JSON.stringify(text.slice(-40))}`;

const showBytes = (bytes: Uint8Array) =>
  `bytes[${bytes.byteLength}] ${Buffer.from(bytes.subarray(0, 96)).toString('hex')}${bytes.byteLength > 96 ? '…' : ''}`;

function describeCookie(plan: CookiePlan): string {
  switch (plan.kind) {
    case 'valid':
      return plan.noise.length
        ? `valid session + ${show(JSON.stringify(plan.noise), 80)}`
        : 'valid session';
    case 'random':
      return `${sessionCookieName}=${show(plan.value, 80)}`;
    case 'tampered':
      return `tampered session (at ${plan.at})`;
    case 'foreign-name':
      return `valid session named ${show(plan.name)}`;
    case 'duplicate':
      return `duplicate session cookies (garbage ${show(plan.garbage)}, valid ${plan.validLast ? 'last' : 'first'})`;
    case 'raw-header':
      return `Cookie: ${show(plan.header, 80)}`;
    default:
      return plan.kind;
  }
}

function describeId(plan: IdPlan): string {
  if (plan.kind !== 'given') return plan.kind;
  return `${show(plan.value, 80)}${plan.raw ? ' (raw)' : ''}`;
}

function describeBody(body: BodySpec): string {
  const payload =
    typeof body.payload === 'string' ? show(body.payload, 600) : showBytes(body.payload);
  const length =
    body.contentLength.kind === 'value'
      ? `, Content-Length ${show(body.contentLength.value)}`
      : body.contentLength.kind === 'exact'
        ? ', Content-Length exact'
        : '';
  const breaks = body.breaksAfter === null ? '' : `, breaking off after ${body.breaksAfter}`;
  return `${body.chunks ? `${body.chunks} chunks` : 'whole'}${length}${breaks}: ${payload}`;
}

/** A spec as one line, long texts cut: how fast-check prints a counterexample. */
export function describeSpec(spec: RequestSpec): string {
  const parts = [
    `${spec.method} ${spec.path}${spec.query.length > 160 ? `${spec.query.slice(0, 160)}…(${spec.query.length} chars)` : spec.query}`,
    spec.id ? `id ${describeId(spec.id)}` : null,
    `origin: ${spec.origin.name}${spec.origin.name === 'foreign Origin' ? ` ${show(spec.origin.headers[0]![1])}` : ''}`,
    `content-type: ${spec.contentType === null ? 'none' : show(spec.contentType)}`,
    spec.authorization
      ? `authorization: ${spec.authorization.header === null ? 'none' : show(spec.authorization.header, 60)}`
      : null,
    `cookie: ${describeCookie(spec.cookie)}`,
    spec.headers.length
      ? `headers: ${spec.headers.map(([name, value]) => `${name}: ${show(value, 60)}`).join(', ')}`
      : null,
    spec.body ? `body ${describeBody(spec.body)}` : null,
  ];
  return parts.filter((part) => part !== null).join(' | ');
}

const bodyless = (method: HttpMethod) => method === 'GET' || method === 'HEAD';

/**
 * Requests to one route. Half of them get well-formed guards (same Origin, JSON, the platform
 * token, a valid session, an honest length) so that the body, id and query reach the code behind
 * the guards often; the other half get any guards at all.
 */
export function requestSpec(traits: RouteTraits): fc.Arbitrary<RequestSpec> {
  const wellFormed = fc.record({
    origin: fc.constant(originPlans[0]!),
    contentType: fc.constant<string | null>('application/json'),
    authorization: fc.constant<AuthorizationPlan | null>(
      traits.authorization ? { header: `Bearer ${platformToken}`, valid: true } : null,
    ),
    cookie: fc.constant<CookiePlan>({ kind: 'valid', noise: [] }),
    headers: fc.constant<(readonly [string, string])[]>([]),
    honestLength: fc.constant(true),
  });
  const anyGuards = fc.record({
    origin: originPlan,
    contentType,
    authorization: traits.authorization ? authorizationPlan : fc.constant(null),
    cookie: traits.cookie ?? cookiePlan,
    headers: noiseHeaders(traits.host ?? false),
    honestLength: fc.constant(false),
  });
  return fc
    .record({
      method: traits.methods,
      query: traits.query ?? fc.constant(''),
      id: traits.id ?? fc.constant(null),
      guards: oneof(wellFormed, anyGuards),
      body: (traits.transport ?? bodySpec)(traits.body ?? bodyText(fc.jsonValue())),
    })
    .map(({ guards: { honestLength, ...guards }, body, ...fields }): RequestSpec => {
      const honestBody =
        body && honestLength && body.contentLength.kind === 'value'
          ? { ...body, contentLength: { kind: 'none' as const } }
          : body;
      const spec: RequestSpec = {
        ...fields,
        ...guards,
        path: traits.path,
        body: bodyless(fields.method) ? null : honestBody,
      };
      // `this`, not `spec`: a copy with fields replaced (`{...spec, body}`) prints as it is.
      return Object.assign(spec, {
        [fc.toStringMethod](this: RequestSpec) {
          return describeSpec(this);
        },
      });
    });
}

type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;

/**
 * The handler Next runs for a method of a route module: its export, or what Next answers itself
 * when there is none (HEAD as GET without a body, OPTIONS naming the exports with 204, any other
 * method an empty 405 without Allow: which the contract checks refuse, as they should).
 */
export function handlerFor(
  route: object,
  method: HttpMethod,
): (request: NextRequest, context: BuiltRequest['context']) => Promise<Response> {
  const exported = route as Partial<Record<HttpMethod, RouteHandler>>;
  const own = exported[method];
  if (own) return async (request, context) => own(request, context);
  if (method === 'HEAD' && exported.GET) {
    const get = exported.GET;
    return async (request, context) => {
      const answer = await get(request, context);
      return new Response(null, { status: answer.status, headers: answer.headers });
    };
  }
  if (method === 'OPTIONS') {
    const allow = httpMethods.filter((name) => exported[name] || (name === 'HEAD' && exported.GET));
    return async () =>
      new Response(null, { status: 204, headers: { allow: [...allow, 'OPTIONS'].join(', ') } });
  }
  return async () => new Response(null, { status: 405 });
}

export interface BuiltRequest {
  request: NextRequest;
  /** The second argument of a dynamic route's handler. */
  context: { params: Promise<Record<string, string>> };
  /** The body's size in bytes as sent (0 without one). */
  bodyBytes: number;
  /** The Content-Length header sent, if any. */
  declaredLength: string | null;
  /**
   * The body text as the server reads it, or null without one. Bytes that are not UTF-8 the server
   * refuses (400): they read as `unreadableBody`, which no JSON parser takes, so a model of the
   * contract sees a body that is not JSON.
   */
  bodyText: string | null;
}

/** What a body that is not UTF-8 reads as, for a model (see `BuiltRequest.bodyText`). */
const unreadableBody = '\u0000 not UTF-8';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readAsServer(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return unreadableBody;
  }
}

/** The NextRequest a spec describes, with its cookie header and id resolved by the test. */
export function buildRequest(
  spec: RequestSpec,
  resolved: { cookie: string | null; id?: string | null },
): BuiltRequest {
  const id = resolved.id ?? null;
  const raw = spec.id?.kind === 'given' && spec.id.raw;
  const path = id === null ? spec.path : spec.path.replace('{id}', raw ? id : percentEncode(id));
  const headers = new Headers();
  for (const [name, value] of spec.origin.headers) headers.append(name, value);
  if (spec.contentType !== null) headers.set('content-type', spec.contentType);
  if (spec.authorization?.header != null) headers.set('authorization', spec.authorization.header);
  if (resolved.cookie !== null) headers.set('cookie', resolved.cookie);
  for (const [name, value] of spec.headers) headers.append(name, value);

  let body: BodyInit | undefined;
  let bodyBytes = 0;
  let bodyText: string | null = null;
  if (spec.body) {
    const bytes =
      typeof spec.body.payload === 'string' ? encoder.encode(spec.body.payload) : spec.body.payload;
    bodyBytes = bytes.byteLength;
    bodyText = readAsServer(bytes);
    const length = spec.body.contentLength;
    if (length.kind === 'exact') headers.set('content-length', String(bodyBytes));
    if (length.kind === 'value') headers.set('content-length', length.value);
    if (spec.body.chunks > 0) {
      const size = Math.max(1, Math.ceil(bytes.byteLength / spec.body.chunks));
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.byteLength; at += size) chunks.push(bytes.slice(at, at + size));
      let sent = 0;
      // Always before the end, however few chunks a short payload makes.
      const breaksAfter =
        spec.body.breaksAfter === null
          ? null
          : Math.min(spec.body.breaksAfter, Math.max(0, chunks.length - 1));
      body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (breaksAfter !== null && sent >= breaksAfter) {
            controller.error(new TypeError('terminated: other side closed'));
            return;
          }
          const next = chunks.shift();
          sent += 1;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    } else {
      // A string goes as text (the request adds text/plain when no type was given); bytes as they are.
      body = typeof spec.body.payload === 'string' ? spec.body.payload : (bytes as BodyInit);
    }
  }
  const init = { method: spec.method, headers, body, duplex: 'half' };
  const request = new NextRequest(
    `${origin}${path}${spec.query}`,
    init as ConstructorParameters<typeof NextRequest>[1],
  );
  return {
    request,
    context: { params: Promise.resolve<Record<string, string>>(id === null ? {} : { id }) },
    bodyBytes,
    declaredLength: headers.get('content-length'),
    bodyText,
  };
}

/** True when the body is over the 64 KiB limit, or declares a length over it: a 413 is due. */
export function bodyTooLarge(built: BuiltRequest): boolean {
  return built.bodyBytes > maxBodyBytes || Number(built.declaredLength ?? 0) > maxBodyBytes;
}

/**
 * True when a 413 is a fair answer: the body is too large, or declares a length that is no length
 * or not its real one. An honest body within the limit must never get one.
 */
export function mayBeTooLarge(built: BuiltRequest): boolean {
  if (bodyTooLarge(built)) return true;
  const declared = built.declaredLength;
  return (
    declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) !== built.bodyBytes)
  );
}
