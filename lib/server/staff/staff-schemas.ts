import 'server-only';
// What staff administration accepts, from the API (app/api/staff) and the accounts command alike:
// one definition of a display name, a role, a status and a new password.
import { z } from 'zod';
import { roles } from '@/lib/auth/roles';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { printableText } from '@/lib/server/http/field-schemas';
import { loginIdSchema, passwordSchema } from '@/lib/server/http/login-id';
import { staffStatuses } from '@/lib/staff/staff-account';

/** A name for people to read: one line, trimmed, 1 to 200 characters. */
export const displayNameSchema = printableText('displayName', 200);

/** New passwords: the sign-in schema's limits, and at least 8 characters. */
export const newPasswordSchema = passwordSchema.min(8, 'password must be at least 8 characters');

/** `POST /api/staff`. */
export const newStaffSchema = z.strictObject({
  loginId: loginIdSchema,
  displayName: displayNameSchema,
  role: z.enum(roles),
});
export type NewStaff = z.infer<typeof newStaffSchema>;

/** `PATCH /api/staff/{loginId}`: a role, a status, or both. */
export const staffChangeSchema = z
  .strictObject({ role: z.enum(roles).optional(), status: z.enum(staffStatuses).optional() })
  .refine((change) => change.role !== undefined || change.status !== undefined, {
    message: 'give a role, a status or both',
  });

/** Calls that take no body: none, or an empty object. */
export const noBodySchema = z.strictObject({}).optional();

/**
 * The `{loginId}` of a staff path, as Next decoded it: one a login id can be, else 404 like an
 * unknown account (a control character such as NUL would otherwise reach the database).
 */
export function staffPathLoginId(params: Record<string, string>): string {
  const parsed = loginIdSchema.safeParse(params.loginId ?? '');
  if (!parsed.success) throw new ApiProblem('not_found', 'No staff account has this login id.');
  return parsed.data;
}
