import fc from 'fast-check';
import { roles, type Role } from '@/lib/auth/roles';
import { claimValues, parseRoleMap, roleFromClaims, type RoleMap } from './role-map';

const houseMap = (() => {
  const reading = parseRoleMap(
    'gavel-admins=admin, gavel-supervisors=supervisor,gavel-clerks=clerk',
  );
  if (!reading.ok) throw new Error(reading.problem);
  return reading.map;
})();

describe('OIDC_ROLE_MAP', () => {
  it('reads group=role pairs, spaces around them allowed', () => {
    expect([...houseMap]).toEqual([
      ['gavel-admins', 'admin'],
      ['gavel-supervisors', 'supervisor'],
      ['gavel-clerks', 'clerk'],
    ]);
  });

  it('keeps an = inside a claim value (a group named by a URI), but a comma ends an entry', () => {
    expect(parseRoleMap('CN=Gavel Clerks,OU=Groups=clerk')).toEqual({
      ok: false,
      problem: 'gives "CN" the role "Gavel Clerks", not one of clerk, supervisor, admin',
    });
    const uri = parseRoleMap('https://idp.example/groups?id=7=supervisor');
    expect(uri.ok && [...uri.map]).toEqual([['https://idp.example/groups?id=7', 'supervisor']]);
  });

  it.each([
    ['', 'has "" where a group=role pair belongs'],
    ['gavel-admins', 'has "gavel-admins" where a group=role pair belongs'],
    ['=admin', 'has "=admin" where a group=role pair belongs'],
    [
      'gavel-admins=root',
      'gives "gavel-admins" the role "root", not one of clerk, supervisor, admin',
    ],
    ['a=clerk,a=admin', 'names "a" twice'],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseRoleMap(text)).toEqual({ ok: false, problem });
  });
});

describe('the role claim', () => {
  it.each([
    [['gavel-clerks'], 'clerk'],
    [['gavel-clerks', 'gavel-admins'], 'admin'],
    [['gavel-supervisors', 'other'], 'supervisor'],
    ['gavel-clerks gavel-supervisors', 'supervisor'],
    [['everyone', 'staff'], null],
    [[], null],
    [undefined, null],
    [42, null],
    [{ 'gavel-admins': true }, null],
    [['GAVEL-ADMINS'], null],
  ])('%j gives %s', (claim, role) => {
    expect(roleFromClaims({ groups: claim }, 'groups', houseMap)).toBe(role);
  });

  it('is read from the configured claim only, never from a prototype', () => {
    expect(roleFromClaims({ roles: ['gavel-admins'] }, 'groups', houseMap)).toBeNull();
    expect(roleFromClaims({ roles: ['gavel-admins'] }, 'roles', houseMap)).toBe('admin');
    expect(
      roleFromClaims(JSON.parse('{"__proto__": ["gavel-admins"]}'), '__proto__', houseMap),
    ).toBe('admin');
    expect(roleFromClaims({}, 'constructor', houseMap)).toBeNull();
  });

  it('keeps only the strings of an array', () => {
    expect(claimValues(['a', 1, null, 'b', ['c']])).toEqual(['a', 'b']);
  });
});

describe('the role the claims give (property)', () => {
  const map = fc
    .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...roles), {
      maxKeys: 6,
    })
    .map((entries) => new Map(Object.entries(entries)) as RoleMap);
  const values = fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 });

  it('is the most privileged mapped value, whatever the order and the unmapped values', () => {
    fc.assert(
      fc.property(map, values, values, (roleMap, groups, noise) => {
        const mapped = groups.map((group) => roleMap.get(group)).filter((r): r is Role => !!r);
        const expected =
          mapped.length === 0 ? null : roles[Math.max(...mapped.map((r) => roles.indexOf(r)))]!;
        const unmapped = noise.filter((value) => !roleMap.has(value));
        const given = roleFromClaims(
          { groups: [...unmapped, ...groups].reverse() },
          'groups',
          roleMap,
        );
        expect(given).toBe(expected);
      }),
    );
  });

  it('never gives a role no value maps to', () => {
    fc.assert(
      fc.property(map, values, (roleMap, groups) => {
        const given = roleFromClaims({ groups }, 'groups', roleMap);
        if (given !== null) expect(groups.some((group) => roleMap.get(group) === given)).toBe(true);
      }),
    );
  });
});
