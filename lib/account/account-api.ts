import { apiRequest } from '@/lib/api/api-client';
import {
  array,
  boolean,
  literal,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from '@/lib/validation/validator';

// The signed-in staff member's own account (contract §15): password and sessions. No zod in the
// browser (lib/validation/validator.ts says why).

const ownSessionSchema = object({
  id: string({ minLength: 1 }),
  /** The session of the browser asking. */
  current: boolean(),
  /** The browser's User-Agent at sign-in; none for sessions opened before it was kept. */
  userAgent: optional(nullable(string())),
  createdAt: string(),
  lastSeenAt: string(),
});
export type OwnSession = Infer<typeof ownSessionSchema>;

const ownSessionsSchema = object({ items: array(ownSessionSchema) });

/** The answer of a call that answers 204: no body. */
const noContent = literal(null);

/** `GET /api/auth/sessions`: the sessions of the account signed in. */
export async function fetchOwnSessions(signal?: AbortSignal): Promise<OwnSession[]> {
  return (await apiRequest('/api/auth/sessions', { schema: ownSessionsSchema, signal })).items;
}

// Mutations send `{}`: the API takes only JSON bodies (contract §5). The screen shows its own
// progress, so they leave the loading overlay alone.

/** `DELETE /api/auth/sessions/{id}`: one of the account's own sessions ends. */
export const endOwnSession = (id: string) =>
  apiRequest(`/api/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: {},
    schema: noContent,
    background: true,
  });

/**
 * `POST /api/auth/password`: 401 `invalid_credentials` when the current password is wrong, 400
 * `bad_request` for a new one too weak or the same, 429 when tried too often.
 */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('/api/auth/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
    schema: noContent,
    background: true,
  });

/**
 * `POST /api/auth/reauthenticate`: the password entered again, for the admin actions that need it
 * within the last 15 minutes; 401 `invalid_credentials`, 429 `rate_limited`.
 */
export const reauthenticate = (password: string) =>
  apiRequest('/api/auth/reauthenticate', {
    method: 'POST',
    body: { password },
    schema: noContent,
    background: true,
  });
