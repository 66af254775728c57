import { apiRequest } from '@/lib/api/api-client';
import type { Role } from '@/lib/auth/roles';
import { array, literal, object, string } from '@/lib/validation/validator';
import { staffAccountSchema, type NewStaffAccount, type StaffStatus } from './staff-account';

// The admin's calls (contract §15). Every change needs the password entered within the last 15
// minutes: a 401 `reauth_required` is for lib/auth/with-reauth.ts to answer. The screen shows
// each change's progress on its row, so changes leave the loading overlay alone.

const staffListSchema = object({ items: array(staffAccountSchema) });
const accountAnswerSchema = object({ account: staffAccountSchema });
const addedSchema = object({
  account: staffAccountSchema,
  temporaryPassword: string({ minLength: 1 }),
});
const resetSchema = object({ temporaryPassword: string({ minLength: 1 }) });

const accountPath = (loginId: string) => `/api/staff/${encodeURIComponent(loginId)}` as const;

/** `GET /api/staff`: every account; 403 `forbidden` for anyone but an admin. */
export async function fetchStaff(signal?: AbortSignal) {
  return (await apiRequest('/api/staff', { schema: staffListSchema, signal })).items;
}

/** `POST /api/staff`: the account and its temporary password, shown once; 409 `conflict` if taken. */
export const addStaff = (account: NewStaffAccount) =>
  apiRequest('/api/staff', {
    method: 'POST',
    body: account,
    schema: addedSchema,
    background: true,
  });

/** `PATCH /api/staff/{loginId}`: a role or a status; 409 `last_admin` or `self_change`. */
export async function updateStaff(loginId: string, change: { role?: Role; status?: StaffStatus }) {
  const answer = await apiRequest(accountPath(loginId), {
    method: 'PATCH',
    body: change,
    schema: accountAnswerSchema,
    background: true,
  });
  return answer.account;
}

/** `POST /api/staff/{loginId}/reset-password`: the new temporary password; its sessions end. */
export async function resetStaffPassword(loginId: string) {
  const answer = await apiRequest(`${accountPath(loginId)}/reset-password`, {
    method: 'POST',
    body: {},
    schema: resetSchema,
    background: true,
  });
  return answer.temporaryPassword;
}

/** `DELETE /api/staff/{loginId}/sessions`: every session of the account ends (204). */
export const endStaffSessions = (loginId: string) =>
  apiRequest(`${accountPath(loginId)}/sessions`, {
    method: 'DELETE',
    body: {},
    schema: literal(null),
    background: true,
  });
