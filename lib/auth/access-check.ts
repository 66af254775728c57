import type { Role } from './roles';

/** The routes the client guard protects (docs/product-contract.md §2.1). */
export type GuardedRoute = 'sign' | 'dash';

export interface StoredAuth {
  loginId: string | null;
  accessTokenId: string | null;
}

export interface ServerUser {
  loginId: string;
  displayName: string;
  role: Role;
  /** A temporary password not changed yet (contract §15): /account before anything else. */
  mustChangePassword?: boolean;
}

/**
 * What `GET /api/auth/me` gave: the user, or a failure of any kind (network, 401, 5xx, bad body).
 * `noAnswer`: the request is known to have had none (the network failed or the browser cut it).
 */
export type MeAnswer = { ok: true; user: ServerUser } | { ok: false; noAnswer: boolean };

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'allow-as'; user: ServerUser }
  | { kind: 'go-to-dash'; user: ServerUser }
  /** Signed in with a temporary password: off to /account to replace it (contract §15). */
  | { kind: 'change-password'; user: ServerUser }
  /** `noAnswer`: denied because the server's answer never came (ADR 24: a page being left). */
  | { kind: 'log-out-and-deny'; noAnswer: boolean };

/** Rule 1: the sign route with nothing stored is allowed without asking the server. */
export function needsServerCheck(route: GuardedRoute, stored: StoredAuth): boolean {
  return !(route === 'sign' && !stored.loginId && !stored.accessTokenId);
}

/**
 * Rules 2 and 3, given the server's answer; a user who must still replace a temporary password
 * goes to /account from either route (every other call would be refused meanwhile).
 */
export function decideAccess(
  route: GuardedRoute,
  stored: StoredAuth,
  me: MeAnswer,
): AccessDecision {
  if (!me.ok) return { kind: 'log-out-and-deny', noAnswer: me.noAnswer };
  // An absent stored user differs from any answer.
  if (stored.loginId === null || me.user.loginId !== stored.loginId)
    return { kind: 'log-out-and-deny', noAnswer: false };
  if (me.user.mustChangePassword) return { kind: 'change-password', user: me.user };
  return route === 'sign'
    ? { kind: 'go-to-dash', user: me.user }
    : { kind: 'allow-as', user: me.user };
}

/** The whole check: asks the server only when rule 1 does not already allow. */
export async function checkAccess(
  route: GuardedRoute,
  stored: StoredAuth,
  fetchMe: () => Promise<MeAnswer>,
): Promise<AccessDecision> {
  if (!needsServerCheck(route, stored)) return { kind: 'allow' };
  let me: MeAnswer;
  try {
    me = await fetchMe();
  } catch {
    // Not one of the failures `fetchMe` knows: acted on like any answer.
    me = { ok: false, noAnswer: false };
  }
  return decideAccess(route, stored, me);
}
