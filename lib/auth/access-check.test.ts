import {
  checkAccess,
  decideAccess,
  needsServerCheck,
  type MeAnswer,
  type StoredAuth,
} from './access-check';

const demo = { loginId: 'demo', displayName: 'Demo Staff', role: 'admin' } as const;
const nothing: StoredAuth = { loginId: null, accessTokenId: null };
const storedDemo: StoredAuth = { loginId: 'demo', accessTokenId: 'token-1' };
const storedAlice: StoredAuth = { loginId: 'alice', accessTokenId: 'token-1' };
const tokenOnly: StoredAuth = { loginId: null, accessTokenId: 'token-1' };
const userOnly: StoredAuth = { loginId: 'demo', accessTokenId: null };
const answersDemo: MeAnswer = { ok: true, user: demo };
const temporary = { ...demo, mustChangePassword: true };
const answersTemporary: MeAnswer = { ok: true, user: temporary };
const answersChanged: MeAnswer = { ok: true, user: { ...demo, mustChangePassword: false } };
const fails: MeAnswer = { ok: false, noAnswer: false };
const unanswered: MeAnswer = { ok: false, noAnswer: true };
const denied = { kind: 'log-out-and-deny', noAnswer: false } as const;

describe('the access check (product contract §2.1)', () => {
  it.each([
    // route, stored, server answer (null: never asked), decision
    ['sign', nothing, null, { kind: 'allow' }],
    ['sign', storedDemo, answersDemo, { kind: 'go-to-dash', user: demo }],
    ['sign', storedAlice, answersDemo, denied],
    ['sign', tokenOnly, answersDemo, denied],
    ['sign', userOnly, answersDemo, { kind: 'go-to-dash', user: demo }],
    ['sign', storedDemo, fails, denied],
    ['dash', nothing, answersDemo, denied],
    ['dash', nothing, fails, denied],
    ['dash', storedDemo, answersDemo, { kind: 'allow-as', user: demo }],
    ['dash', storedAlice, answersDemo, denied],
    ['dash', tokenOnly, answersDemo, denied],
    ['dash', storedDemo, fails, denied],
    // No answer (the request cut): denied all the same, and said so (ADR 24).
    ['dash', storedDemo, unanswered, { kind: 'log-out-and-deny', noAnswer: true }],
    ['sign', storedDemo, unanswered, { kind: 'log-out-and-deny', noAnswer: true }],
    // A temporary password (contract §15): /account first, from either route.
    ['dash', storedDemo, answersTemporary, { kind: 'change-password', user: temporary }],
    ['sign', storedDemo, answersTemporary, { kind: 'change-password', user: temporary }],
    ['dash', storedAlice, answersTemporary, denied],
    [
      'dash',
      storedDemo,
      answersChanged,
      { kind: 'allow-as', user: { ...demo, mustChangePassword: false } },
    ],
  ] as const)('%s with stored %o and answer %o → %o', async (route, stored, answer, expected) => {
    let calls = 0;
    const decision = await checkAccess(route, stored, async () => {
      calls += 1;
      return answer ?? fails;
    });
    expect(decision).toEqual(expected);
    expect(calls).toBe(answer === null ? 0 : 1);
  });

  it('a thrown error from the server call (network) logs out and denies', async () => {
    await expect(
      checkAccess('dash', storedDemo, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).resolves.toEqual(denied);
  });

  it('rule 1 holds only for the sign route with nothing stored', () => {
    expect(needsServerCheck('sign', nothing)).toBe(false);
    expect(needsServerCheck('sign', tokenOnly)).toBe(true);
    expect(needsServerCheck('sign', userOnly)).toBe(true);
    expect(needsServerCheck('dash', nothing)).toBe(true);
  });

  it('compares login ids exactly as the server returns them', () => {
    expect(decideAccess('dash', { loginId: 'Demo', accessTokenId: 't' }, answersDemo)).toEqual(
      denied,
    );
  });
});
