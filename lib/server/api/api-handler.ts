import 'server-only';
import { captureException } from '@sentry/nextjs';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import type { Action } from '@/lib/auth/roles';
import { serverEnv } from '@/lib/env';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { sessionCookieName } from '@/lib/server/auth/session-cookie';
import { resolveSession, type ActiveSession } from '@/lib/server/auth/sessions';
import { database } from '@/lib/server/db/connection';
import type { Database } from '@/lib/server/db/database';
import { DatabaseUnreachable, isDatabaseUnavailable } from '@/lib/server/db/unavailable';
import { ApiProblem, problemResponse } from '@/lib/server/http/api-problem';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import { assertJsonContentType, assertSameOrigin, parseJson, readBodyText } from './request-guards';
import { requirePermission } from './require-permission';
import { requireRecentPassword } from './require-recent-password';
import { clearSessionCookie } from './session-response';

interface HandlerOptions<Body, Query> {
  /** Answer 401 unless the request carries a session the database accepts. */
  session?: boolean;
  /**
   * Answer 403 `forbidden` unless the session's role may do this (contract §12), before the query
   * or the body is read; implies `session` (give `session: true` too for the handler's type).
   * Checks that depend on the data (a second approval) call `requirePermission` in the handler.
   */
  permission?: Action;
  /**
   * Still answers while the account must change a temporary password (its own account's calls:
   * who am I, change password, sessions, sign out); every other session route refuses with 403
   * `password_change_required` (contract §15).
   */
  beforePasswordChange?: boolean;
  /** Answer 401 `reauth_required` unless the password was entered in the last 15 minutes. */
  reauth?: boolean;
  /** Validates the JSON body; mutations without a body schema still need JSON and same origin. */
  body?: z.ZodType<Body>;
  /** Validates the query string (empty parameters count as absent); a mismatch is a 400. */
  query?: z.ZodType<Query>;
  /** Same-origin and JSON checks; default: every method but GET and HEAD. */
  mutation?: boolean;
  /** Server-to-server calls authenticated otherwise (bearer token) skip the origin check. */
  crossOrigin?: boolean;
  /** Checks run first, before the body is read (a bearer token): throw an ApiProblem to refuse. */
  authorize?: (request: NextRequest) => void;
}

export interface HandlerContext<Body, Session, Query = undefined> {
  request: NextRequest;
  body: Body;
  query: Query;
  session: Session;
  db: Database;
  params: Record<string, string>;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/** How long a client waits before trying again when the database cannot be reached. */
const unavailableRetrySeconds = 5;

function toResponse(error: unknown): Response {
  if (error instanceof ApiProblem) return problemResponse(error);
  // The database down or restarting: nothing the caller did, and worth trying again (§15).
  if (isDatabaseUnavailable(error)) {
    console.warn('gavel: the database cannot be reached:', withoutQueryDetails(error));
    return problemResponse(
      new ApiProblem(
        'unavailable',
        'The database cannot be reached right now; try again in a moment.',
        { 'retry-after': String(unavailableRetrySeconds) },
      ),
    );
  }
  // A failed query's error carries its SQL and parameters (session ids, login ids): log and
  // report the failure, never them.
  const reported = withoutQueryDetails(error);
  console.error('Unexpected API error', reported);
  captureException(reported);
  return problemResponse(new ApiProblem('internal', 'Something went wrong on the server.'));
}

/**
 * The one wrapper of every route handler, in this order: the caller's own check (a bearer token),
 * origin and content-type checks for mutations, the session check in the database, the role's
 * permission, the 64 KiB body limit and zod validation, then the handler inside the error envelope.
 */
export function apiHandler<
  Body = undefined,
  RequireSession extends boolean = false,
  Query = undefined,
>(
  options: HandlerOptions<Body, Query> & { session?: RequireSession },
  handler: (
    context: HandlerContext<
      Body,
      RequireSession extends true ? ActiveSession : ActiveSession | null,
      Query
    >,
  ) => Promise<Response>,
) {
  return async function route(
    request: NextRequest,
    routeContext?: RouteContext,
  ): Promise<Response> {
    try {
      options.authorize?.(request);
      const isMutation = options.mutation ?? !['GET', 'HEAD'].includes(request.method);
      if (isMutation) {
        if (!options.crossOrigin) assertSameOrigin(request, serverEnv().trustProxy);
        assertJsonContentType(request);
      }

      // The session before the body: a caller without one learns nothing about what it sent.
      const db = await database().catch((error: unknown) => {
        throw new DatabaseUnreachable(error);
      });
      const cookie = request.cookies.get(sessionCookieName)?.value;
      const session = cookie ? await resolveSession(db, cookie, signingSecret()) : null;
      if ((options.session || options.permission) && !session) {
        const response = problemResponse(new ApiProblem('unauthorized', 'Sign in to continue.'));
        if (cookie) clearSessionCookie(response);
        return response;
      }
      if (session && (options.session || options.permission)) {
        if (session.account.mustChangePassword && !options.beforePasswordChange) {
          throw new ApiProblem(
            'password_change_required',
            'Change the temporary password first (POST /api/auth/password).',
          );
        }
        if (options.permission) requirePermission(session, options.permission);
        if (options.reauth) requireRecentPassword(session);
      }

      let query: unknown = undefined;
      if (options.query) {
        const parameters = Object.fromEntries(
          [...request.nextUrl.searchParams].filter(([, value]) => value !== ''),
        );
        const parsed = options.query.safeParse(parameters);
        if (!parsed.success) throw new ApiProblem('bad_request', describeZodError(parsed.error));
        query = parsed.data;
      }

      let body: unknown = undefined;
      if (isMutation) {
        const text = await readBodyText(request);
        const json = text.trim() === '' ? undefined : parseJson(text);
        if (options.body) {
          const parsed = options.body.safeParse(json);
          if (!parsed.success) throw new ApiProblem('bad_request', describeZodError(parsed.error));
          body = parsed.data;
        }
      }

      const rawParams = (await routeContext?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join('/') : value,
        ]),
      );
      return await handler({
        request,
        body: body as Body,
        query: query as Query,
        session: session as RequireSession extends true ? ActiveSession : ActiveSession | null,
        db,
        params,
      });
    } catch (error) {
      return toResponse(error);
    }
  };
}
