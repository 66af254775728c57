import {
  afterPasswordReset,
  afterSessionsEnded,
  withAccount,
  type StaffAccount,
} from './staff-account';

const account = (loginId: string, changes: Partial<StaffAccount> = {}): StaffAccount => ({
  loginId,
  displayName: loginId.toUpperCase(),
  role: 'clerk',
  status: 'enabled',
  lastSignInAt: null,
  openSessions: 1,
  mustChangePassword: false,
  ...changes,
});

describe('withAccount', () => {
  const list = [account('ada'), account('max'), account('zoe')];

  it('replaces the row of the same login id, in place', () => {
    const changed = account('max', { role: 'admin' });
    expect(withAccount(list, changed)).toEqual([list[0], changed, list[2]]);
  });

  it.each([
    ['first', 'aaron', 0],
    ['between', 'kim', 1],
    ['last', 'zz', 3],
  ])('adds a new account in login id order (%s)', (_name, loginId, index) => {
    const added = account(loginId);
    const next = withAccount(list, added);
    expect(next).toHaveLength(4);
    expect(next[index]).toBe(added);
  });

  it('leaves the list it was given unchanged', () => {
    withAccount(list, account('max', { role: 'admin' }));
    expect(list[1]!.role).toBe('clerk');
  });
});

describe('what an action does to the row', () => {
  it('a reset password is temporary and ends the sessions', () => {
    expect(afterPasswordReset(account('sam', { openSessions: 3 }))).toEqual(
      account('sam', { openSessions: 0, mustChangePassword: true }),
    );
  });

  it('ending the sessions leaves none open', () => {
    expect(afterSessionsEnded(account('sam', { openSessions: 3 }))).toEqual(
      account('sam', { openSessions: 0 }),
    );
  });
});
