import fc from 'fast-check';
import { roles } from '@/lib/auth/roles';
import { displayNameOf, maxDisplayNameLength, readClaims } from './claims';
import { parseRoleMap } from './role-map';

const map = (() => {
  const reading = parseRoleMap('gavel-admins=admin,gavel-clerks=clerk');
  if (!reading.ok) throw new Error(reading.problem);
  return reading.map;
})();
const issuer = 'https://idp.example';

describe('the claims of a sign-in', () => {
  it('give the issuer, the subject, the name and the mapped role', () => {
    expect(
      readClaims(
        issuer,
        { sub: 'u-1', name: 'Ada Lovelace', groups: ['gavel-clerks'] },
        'groups',
        map,
      ),
    ).toEqual({
      ok: true,
      issuer,
      subject: 'u-1',
      displayName: 'Ada Lovelace',
      role: 'clerk',
    });
  });

  it.each([
    [{ name: 'No Sub', groups: ['gavel-clerks'] }, 'no-subject'],
    [{ sub: '', groups: ['gavel-clerks'] }, 'no-subject'],
    [{ sub: 42, groups: ['gavel-clerks'] }, 'no-subject'],
    [{ sub: 'u-2', groups: ['everyone'] }, 'no-role'],
    [{ sub: 'u-3' }, 'no-role'],
  ])('refuse %j: %s', (claims, reason) => {
    expect(readClaims(issuer, claims, 'groups', map)).toEqual({ ok: false, reason });
  });
});

describe('the display name', () => {
  it.each([
    [{ name: 'Ada Lovelace', given_name: 'A', family_name: 'L' }, 'Ada Lovelace'],
    [{ given_name: 'Ada', family_name: 'Lovelace' }, 'Ada Lovelace'],
    [{ given_name: 'Ada' }, 'Ada'],
    [{ preferred_username: 'ada' }, 'ada'],
    [{ email: 'ada@house.example' }, 'ada@house.example'],
    [{}, 'u-1'],
    [{ name: '  Ada \n\t Lovelace\u0007 ' }, 'Ada Lovelace'],
    [{ name: '   ', preferred_username: 'ada' }, 'ada'],
    [{ name: ['Ada'] }, 'u-1'],
  ])('of %j is %s', (claims, name) => {
    expect(displayNameOf(claims, 'u-1')).toBe(name);
  });

  it('is never empty, never longer than the limit, never a control character (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('name', 'given_name', 'family_name', 'preferred_username', 'email'),
          fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer(), fc.constant(null)),
        ),
        (claims) => {
          const name = displayNameOf(claims, 'subject');
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(maxDisplayNameLength);
          expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        },
      ),
    );
  });

  it('gives a role only from the configured claim, for any claims (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('gavel-admins', 'gavel-clerks', 'other')), (groups) => {
        const reading = readClaims(issuer, { sub: 's', roles: groups }, 'groups', map);
        expect(reading).toEqual({ ok: false, reason: 'no-role' });
        const mapped = readClaims(issuer, { sub: 's', groups }, 'groups', map);
        if (mapped.ok) expect(roles).toContain(mapped.role);
        else expect(groups.every((group) => group === 'other')).toBe(true);
      }),
    );
  });
});
