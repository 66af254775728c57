import 'server-only';
import type { NextRequest } from 'next/server';
import { ApiProblem, noStore, problemResponse } from '@/lib/server/http/api-problem';

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (request: NextRequest, context?: RouteContext) => Promise<Response> | Response;
type RouteHandler = (request: NextRequest, context?: RouteContext) => Promise<Response>;
type Implemented = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>;
export const routeMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type RouteMethod = (typeof routeMethods)[number];

/** Headers every API answer carries, refusals included. */
const apiHeaders = { ...noStore, 'x-content-type-options': 'nosniff' } as const;

function withApiHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(apiHeaders)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}

/** A HEAD answer: the GET's status and headers, its body let go. */
async function withoutBody(answer: Response): Promise<Response> {
  // A streamed body (the CSV export) would otherwise keep what it holds open.
  await answer.body?.cancel();
  return new Response(null, { status: answer.status, headers: answer.headers });
}

/**
 * Every method of one API path, for `export const { GET, HEAD, POST, … } = apiRoute({ … })`:
 * the implemented ones with the API's headers; HEAD as GET without a body; OPTIONS naming what is
 * allowed; every other method a 405 in the error envelope with `Allow` (Next's own 405 has an
 * empty body and no `Allow`).
 */
export function apiRoute(implemented: Implemented): Record<RouteMethod, RouteHandler> {
  const allowed = [
    ...(implemented.GET ? ['GET', 'HEAD'] : []),
    ...(['POST', 'PATCH', 'DELETE'] as const).filter((method) => implemented[method]),
    'OPTIONS',
  ].join(', ');
  const refuse: RouteHandler = async (request) => {
    const problem = new ApiProblem('method_not_allowed', `${request.method} is not allowed here.`, {
      allow: allowed,
    });
    return withApiHeaders(problemResponse(problem));
  };
  const wrap =
    (handler: Handler | undefined): RouteHandler =>
    async (request, context) =>
      handler ? withApiHeaders(await handler(request, context)) : refuse(request);
  const get = wrap(implemented.GET);
  return {
    GET: get,
    HEAD: implemented.GET
      ? async (request, context) => withoutBody(await get(request, context))
      : refuse,
    POST: wrap(implemented.POST),
    PUT: refuse,
    PATCH: wrap(implemented.PATCH),
    DELETE: wrap(implemented.DELETE),
    OPTIONS: async () =>
      withApiHeaders(new Response(null, { status: 204, headers: { allow: allowed } })),
  };
}

/**
 * Every method of an API path that names no route (`app/api/[...path]`): 404 in the error
 * envelope, where Next would answer its HTML not-found page. HEAD without a body.
 */
export function unknownApiPath(): Record<RouteMethod, RouteHandler> {
  const notFound: RouteHandler = async (request) => {
    const answer = withApiHeaders(
      problemResponse(new ApiProblem('not_found', 'There is no API at this path.')),
    );
    return request.method === 'HEAD' ? withoutBody(answer) : answer;
  };
  return Object.fromEntries(routeMethods.map((method) => [method, notFound])) as Record<
    RouteMethod,
    RouteHandler
  >;
}
