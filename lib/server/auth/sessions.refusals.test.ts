/** @jest-environment node */
// What resolveSession refuses, on a real in-memory PGlite database: a revoked session, and every
// cookie forged from a genuine one.
import { createHash } from 'node:crypto';
import {
  claimsOf,
  db,
  newSession,
  sessionCookie,
  sessionRow,
  sessions,
  signingKey,
  sessionsTestDatabase,
} from './sessions-harness';

sessionsTestDatabase();

describe('resolveSession refusals', () => {
  it('refuses a revoked session', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    await sessions.revokeSession(db, sessionId, 'sign-out', at(1000));
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(2000)),
    ).resolves.toBeNull();
    expect((await sessionRow(sessionId)).revokedReason).toBe('sign-out');
  });

  it('keeps the first revocation', async () => {
    const { sessionId, at } = await newSession();
    await sessions.revokeSession(db, sessionId, 'sign-out', at(1000));
    await sessions.revokeSession(db, sessionId, 'idle-timeout', at(5000));
    expect(await sessionRow(sessionId)).toMatchObject({
      revokedReason: 'sign-out',
      revokedAt: at(1000),
    });
  });

  it.each<[string, (cookie: string) => Promise<string | undefined>]>([
    ['no cookie', async () => undefined],
    ['an empty cookie', async () => ''],
    ['garbage', async () => 'garbage'],
    ['a cookie over 2 KiB', async (cookie) => `${cookie}${'a'.repeat(2048)}`],
    [
      // The signature's last character carries two bits the decoder drops: flipping one of them
      // spells the same signature another way, which is a different cookie all the same.
      'the same signature spelled another way (a dropped bit of its last character flipped)',
      async (cookie) => {
        const last = cookie.at(-1)!;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const respelled = `${cookie.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
        expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(
          Buffer.from(cookie.split('.')[2]!, 'base64url'),
        );
        return respelled;
      },
    ],
    [
      'the same claims signed with another key',
      async (cookie) => sessionCookie.signSessionCookie(claimsOf(cookie), 'y'.repeat(48)),
    ],
    [
      'the right session id with another secret',
      async (cookie) =>
        sessionCookie.signSessionCookie(
          { ...claimsOf(cookie), sec: Buffer.alloc(32, 1).toString('base64url') },
          signingKey,
        ),
    ],
    [
      'the secret hash instead of the secret',
      async (cookie) => {
        const claims = claimsOf(cookie);
        const hash = createHash('sha256').update(claims.sec).digest('hex');
        return sessionCookie.signSessionCookie({ ...claims, sec: hash }, signingKey);
      },
    ],
  ])('refuses %s', async (_name, forge) => {
    const { cookieValue, at } = await newSession();
    const forged = await forge(cookieValue);
    await expect(sessions.resolveSession(db, forged, signingKey, at(1000))).resolves.toBeNull();
    // The genuine cookie still works: the forgery changed nothing.
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(2000)),
    ).resolves.not.toBeNull();
  });
});
