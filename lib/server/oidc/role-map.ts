// OIDC_ROLE_MAP and the claims it reads (docs/product-contract.md §17): which console role the
// identity provider's groups give. Pure, and without `server-only` so lib/env.ts, which plain Node
// loads too, can parse the map once at start.
import { isRole, roles, type Role } from '../../auth/roles.ts';

/** Group (or role) value in the claim → the console role it gives. */
export type RoleMap = ReadonlyMap<string, Role>;

export type RoleMapReading = { ok: true; map: RoleMap } | { ok: false; problem: string };

/**
 * `gavel-admins=admin,gavel-supervisors=supervisor,gavel-clerks=clerk`: each entry a claim value
 * and a role. A value named twice is refused (which role would it give?), as is an empty map.
 */
export function parseRoleMap(text: string): RoleMapReading {
  const map = new Map<string, Role>();
  for (const entry of text.split(',')) {
    const at = entry.lastIndexOf('=');
    const value = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at < 0 || value === '')
      return { ok: false, problem: `has "${entry.trim()}" where a group=role pair belongs` };
    if (!isRole(role))
      return {
        ok: false,
        problem: `gives "${value}" the role "${role}", not one of ${roles.join(', ')}`,
      };
    if (map.has(value)) return { ok: false, problem: `names "${value}" twice` };
    map.set(value, role);
  }
  return { ok: true, map };
}

/**
 * The claim's values: an array of strings (Entra ID, Okta, Google's groups), or one string, which
 * some providers send space-separated. Anything else carries no group.
 */
export function claimValues(claim: unknown): string[] {
  if (typeof claim === 'string') return claim.split(/\s+/).filter((value) => value !== '');
  if (Array.isArray(claim))
    return claim.filter((value): value is string => typeof value === 'string');
  return [];
}

/**
 * The role the claims give: the most privileged one any of their values maps to, or null when
 * none maps (the user is refused, told why).
 */
export function roleFromClaims(
  claims: Record<string, unknown>,
  claim: string,
  map: RoleMap,
): Role | null {
  let best: Role | null = null;
  for (const value of claimValues(Object.hasOwn(claims, claim) ? claims[claim] : undefined)) {
    const role = map.get(value);
    if (role !== undefined && (best === null || roles.indexOf(role) > roles.indexOf(best)))
      best = role;
  }
  return best;
}
