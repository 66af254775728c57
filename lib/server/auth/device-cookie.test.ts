/** @jest-environment node */
// The device cookie (contract §15): signed, for its own audience, per account.
import {
  deviceCookieAfterSignIn,
  deviceCookieHeader,
  readDeviceCookie,
  trustedDeviceFor,
} from './device-cookie';
import { signSessionCookie } from './session-cookie';

const secret = 'd'.repeat(48);
const now = new Date('2026-11-28T10:00:00Z');

describe('the device cookie', () => {
  it('names the same device for every account signed in from it, newest first', async () => {
    const first = await readDeviceCookie(
      await deviceCookieAfterSignIn(null, 'clerk', secret, now),
      secret,
      now,
    );
    expect(first).toEqual({ deviceId: expect.any(String), loginIds: ['clerk'] });
    const second = await readDeviceCookie(
      await deviceCookieAfterSignIn(first, 'sam', secret, now),
      secret,
      now,
    );
    expect(second).toEqual({ deviceId: first!.deviceId, loginIds: ['sam', 'clerk'] });
    expect(trustedDeviceFor(second, 'clerk')).toBe(first!.deviceId);
    expect(trustedDeviceFor(second, 'mallory')).toBeNull();
    expect(trustedDeviceFor(null, 'clerk')).toBeNull();
  });

  it('keeps the eight newest accounts', async () => {
    let claims = null;
    for (let i = 0; i < 10; i++) {
      claims = await readDeviceCookie(
        await deviceCookieAfterSignIn(claims, `staff${i}`, secret, now),
        secret,
        now,
      );
    }
    expect(claims!.loginIds).toEqual([9, 8, 7, 6, 5, 4, 3, 2].map((i) => `staff${i}`));
  });

  it('refuses another secret, a changed payload, an expired cookie and a session cookie', async () => {
    const value = await deviceCookieAfterSignIn(null, 'clerk', secret, now);
    await expect(readDeviceCookie(value, 'e'.repeat(48), now)).resolves.toBeNull();
    const [header, , signature] = value.split('.');
    const forged = Buffer.from(
      JSON.stringify({ dev: 'x', acc: ['admin'], aud: 'gavel-device' }),
    ).toString('base64url');
    await expect(
      readDeviceCookie(`${header}.${forged}.${signature}`, secret, now),
    ).resolves.toBeNull();
    const later = new Date(now.getTime() + 366 * 24 * 60 * 60 * 1000);
    await expect(readDeviceCookie(value, secret, later)).resolves.toBeNull();
    const session = await signSessionCookie(
      { sid: 'a', sec: 'b', exp: Math.floor(now.getTime() / 1000) + 60 },
      secret,
    );
    await expect(readDeviceCookie(session, secret, now)).resolves.toBeNull();
    await expect(readDeviceCookie(undefined, secret, now)).resolves.toBeNull();
    await expect(readDeviceCookie('x'.repeat(3000), secret, now)).resolves.toBeNull();
  });

  it('is sent HttpOnly, Secure, host-only and same-site for a year', () => {
    expect(deviceCookieHeader('v')).toBe(
      '__Host-gavel_device=v; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Strict',
    );
  });
});
