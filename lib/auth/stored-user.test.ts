import { readStoredUser, writeStoredUser } from './stored-user';

beforeEach(() => {
  window.localStorage.clear();
});

describe('stored user', () => {
  it('is null when nothing is stored', () => {
    expect(readStoredUser()).toBeNull();
  });

  it('round-trips as JSON under gavel.user, with the role', () => {
    writeStoredUser({ loginId: 'demo', displayName: 'Demo Staff', role: 'admin' });
    expect(JSON.parse(window.localStorage.getItem('gavel.user') ?? 'null')).toEqual({
      loginId: 'demo',
      displayName: 'Demo Staff',
      role: 'admin',
    });
    expect(readStoredUser()).toEqual({ loginId: 'demo', displayName: 'Demo Staff', role: 'admin' });
  });

  it('reads a user stored before roles existed, without a role', () => {
    window.localStorage.setItem('gavel.user', '{"loginId":"demo","displayName":"Demo Staff"}');
    expect(readStoredUser()).toEqual({ loginId: 'demo', displayName: 'Demo Staff' });
  });

  it('is removed by writing null', () => {
    writeStoredUser({ loginId: 'demo', displayName: 'Demo' });
    writeStoredUser(null);
    expect(window.localStorage.getItem('gavel.user')).toBeNull();
    expect(readStoredUser()).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"loginId": "demo",'],
    ['JSON of the wrong shape', '{"name":"demo"}'],
    ['an empty loginId', '{"loginId":"","displayName":"x"}'],
    ['a role that does not exist', '{"loginId":"demo","displayName":"x","role":"owner"}'],
    ['a JSON string', '"demo"'],
    ['JSON null', 'null'],
    ['a JSON array of the user', '[{"loginId":"demo","displayName":"x"}]'],
    ['a loginId that is a number', '{"loginId":7,"displayName":"x"}'],
    ['a displayName that is null', '{"loginId":"demo","displayName":null}'],
    ['a role that is null', '{"loginId":"demo","displayName":"x","role":null}'],
    ['the user only under __proto__', '{"__proto__":{"loginId":"demo","displayName":"x"}}'],
  ])('reads %s as null', (_name, raw) => {
    window.localStorage.setItem('gavel.user', raw);
    expect(readStoredUser()).toBeNull();
  });

  it('carries nothing of a __proto__ key into the user it reads', () => {
    window.localStorage.setItem(
      'gavel.user',
      '{"loginId":"demo","displayName":"x","__proto__":{"role":"admin"}}',
    );
    const user = readStoredUser();
    expect(user).toEqual({ loginId: 'demo', displayName: 'x' });
    expect(user?.role).toBeUndefined();
  });

  it('drops unknown fields', () => {
    window.localStorage.setItem(
      'gavel.user',
      '{"loginId":"demo","displayName":"D","role":"clerk","secret":"x"}',
    );
    expect(readStoredUser()).toEqual({ loginId: 'demo', displayName: 'D', role: 'clerk' });
  });
});
