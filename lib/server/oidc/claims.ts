// What the console takes from an identity provider's claims at each sign-in (docs/product-contract.md
// §17): who it is (issuer and `sub`, never the e-mail, which IT may reassign), the name staff see,
// and the role its groups give, or why it is refused. Pure; openid-client checks the ID token first.
import type { Role } from '../../auth/roles.ts';
import { roleFromClaims, type RoleMap } from './role-map.ts';

export type ClaimsReading =
  | { ok: true; issuer: string; subject: string; displayName: string; role: Role }
  | { ok: false; reason: 'no-subject' | 'no-role' };

/** Longest display name kept, as for password accounts. */
export const maxDisplayNameLength = 100;

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  // Control characters and runs of spaces from a directory never reach the screen.
  const clean = value
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? null : clean.slice(0, maxDisplayNameLength);
};

const own = (claims: Record<string, unknown>, name: string): unknown =>
  Object.hasOwn(claims, name) ? claims[name] : undefined;

/** The name staff see: `name`, else given and family names, else the username, e-mail or `sub`. */
export function displayNameOf(claims: Record<string, unknown>, subject: string): string {
  const given = text(own(claims, 'given_name'));
  const family = text(own(claims, 'family_name'));
  return (
    text(own(claims, 'name')) ??
    (given && family ? `${given} ${family}`.slice(0, maxDisplayNameLength) : (given ?? family)) ??
    text(own(claims, 'preferred_username')) ??
    text(own(claims, 'email')) ??
    subject
  );
}

export function readClaims(
  issuer: string,
  claims: Record<string, unknown>,
  roleClaim: string,
  roleMap: RoleMap,
): ClaimsReading {
  const subject = own(claims, 'sub');
  if (typeof subject !== 'string' || subject === '' || subject.length > 255)
    return { ok: false, reason: 'no-subject' };
  const role = roleFromClaims(claims, roleClaim, roleMap);
  if (role === null) return { ok: false, reason: 'no-role' };
  return { ok: true, issuer, subject, displayName: displayNameOf(claims, subject), role };
}
