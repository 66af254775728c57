// Requests: the printable RequestSpec of a route, and the handler Next runs for its method
// (build-request.ts builds the NextRequest a spec describes).
import fc from 'fast-check';
import type { NextRequest } from 'next/server';
import { type BodySpec, bodySpec, bodyText } from './bodies';
import type { BuiltRequest } from './build-request';
import { type CookiePlan, cookiePlan } from './cookies';
import { type AuthorizationPlan, authorizationPlan, contentType, noiseHeaders } from './headers';
import { type OriginPlan, originPlan, originPlans } from './origins';
import type { IdPlan } from './paths';
import { describeSpec } from './spec-text';
import { type HttpMethod, httpMethods, oneof, platformToken } from './wire';

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
