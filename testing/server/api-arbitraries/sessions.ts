// Sessions made at run time for the plans a RequestSpec carries.
import { randomUUID } from 'node:crypto';
import type { Database } from '@/lib/server/db/database';
import type { CookiePlan } from './cookies';
import { sessionCookieName } from './wire';

export interface SessionAccounts {
  /** An enabled account: its sessions are valid. */
  enabledId: string;
  /** A disabled account: sessions made for it directly must be refused. */
  disabledId: string;
}

export interface ResolvedCookie {
  header: string | null;
  /** The session the cookie names, when one was made for it. */
  sessionId: string | null;
}

/** Makes the Cookie header of a plan, creating sessions in the database as the plan needs. */
export async function cookieMaker(db: Database, accounts: SessionAccounts) {
  const { createSession, revokeSession } = await import('@/lib/server/auth/sessions');
  const { signSessionCookie } = await import('@/lib/server/auth/session-cookie');
  const key = process.env.SESSION_SECRET!;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  const claimsOf = (cookie: string) =>
    JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8')) as {
      sid: string;
      sec: string;
      exp: number;
    };
  const pair = (value: string, name = sessionCookieName) => `${name}=${value}`;

  return async function make(plan: CookiePlan): Promise<ResolvedCookie> {
    if (plan.kind === 'none') return { header: null, sessionId: null };
    if (plan.kind === 'random') return { header: pair(plan.value), sessionId: null };
    if (plan.kind === 'raw-header') return { header: plan.header, sessionId: null };
    if (plan.kind === 'unknown-session' || plan.kind === 'alg-none') {
      const claims = { sid: randomUUID(), sec: 'secret', exp: inAnHour() };
      if (plan.kind === 'unknown-session') {
        return { header: pair(await signSessionCookie(claims, key)), sessionId: null };
      }
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return { header: pair(`${encode({ alg: 'none' })}.${encode(claims)}.`), sessionId: null };
    }

    const owner = plan.kind === 'disabled-account' ? accounts.disabledId : accounts.enabledId;
    const session = await createSession(db, owner, key);
    const { cookieValue, sessionId } = session;
    const claims = claimsOf(cookieValue);
    switch (plan.kind) {
      case 'valid':
        return {
          header: [
            pair(cookieValue),
            ...plan.noise.map(([name, value]) => `${name}=${value}`),
          ].join('; '),
          sessionId,
        };
      case 'disabled-account':
        return { header: pair(cookieValue), sessionId };
      case 'revoked':
        await revokeSession(db, sessionId, 'sign-out');
        return { header: pair(cookieValue), sessionId };
      case 'other-key':
        return { header: pair(await signSessionCookie(claims, 'y'.repeat(48))), sessionId };
      case 'expired':
        return {
          header: pair(
            await signSessionCookie({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, key),
          ),
          sessionId,
        };
      case 'forged-secret':
        return {
          header: pair(await signSessionCookie({ ...claims, sec: randomUUID() }, key)),
          sessionId,
        };
      case 'tampered': {
        const signature = cookieValue.lastIndexOf('.') + 1;
        const at = signature + (plan.at % (cookieValue.length - signature));
        const flipped = cookieValue[at] === 'A' ? 'B' : 'A';
        return {
          header: pair(cookieValue.slice(0, at) + flipped + cookieValue.slice(at + 1)),
          sessionId,
        };
      }
      case 'foreign-name':
        return { header: pair(cookieValue, plan.name), sessionId };
      case 'duplicate': {
        const both = [pair(plan.garbage), pair(cookieValue)];
        return { header: (plan.validLast ? both : both.reverse()).join('; '), sessionId };
      }
    }
  };
}
