import { actions, can, defaultRole, isRole, roles, type Action, type Role } from './roles';

// Contract §12's table, written out again so that a change to the module shows up here.
const table: [Action, Record<Role, boolean>][] = [
  ['see', { clerk: true, supervisor: true, admin: true }],
  ['decide-below-threshold', { clerk: true, supervisor: true, admin: true }],
  ['first-approval', { clerk: true, supervisor: true, admin: true }],
  ['second-approval', { clerk: false, supervisor: true, admin: true }],
  ['reopen', { clerk: false, supervisor: true, admin: true }],
  // Contract §14: anyone reviews an open flag; only a supervisor or admin clears an escalated one.
  ['review-flag', { clerk: true, supervisor: true, admin: true }],
  ['clear-escalated-flag', { clerk: false, supervisor: true, admin: true }],
  // Contract §15: only an admin manages staff; supervisors and admins read the activity log.
  ['manage-staff', { clerk: false, supervisor: false, admin: true }],
  ['see-activity', { clerk: false, supervisor: true, admin: true }],
];

describe('the permission table (product contract §12)', () => {
  it('covers every action and every role, in the contract order', () => {
    expect(roles).toEqual(['clerk', 'supervisor', 'admin']);
    expect(table.map(([action]) => action)).toEqual([...actions]);
  });

  it.each(
    table.flatMap(([action, allowed]) =>
      roles.map((role) => [role, action, allowed[role]] as const),
    ),
  )('%s may %s: %s', (role, action, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });

  it('gives new accounts the least privilege', () => {
    expect(defaultRole).toBe('clerk');
    expect(actions.filter((action) => can(defaultRole, action))).toEqual(
      actions.filter((action) => roles.every((role) => can(role, action))),
    );
  });
});

describe('isRole', () => {
  it.each(['clerk', 'supervisor', 'admin'])('accepts %s', (value) => {
    expect(isRole(value)).toBe(true);
  });

  it.each(['', 'Admin', 'owner', ' clerk', 'toString', null, undefined, 1, ['admin']])(
    'refuses %j',
    (value) => {
      expect(isRole(value)).toBe(false);
    },
  );
});
