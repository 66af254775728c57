import {
  readAccessTokenId,
  readLocalePreference,
  readOrCreateClientId,
  readStoredUser,
  storageKeys,
  writeAccessTokenId,
  writeLocalePreference,
  writeStoredUser,
} from './stored-values';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('storage keys', () => {
  it('are all prefixed gavel.', () => {
    expect(storageKeys).toEqual({
      user: 'gavel.user',
      accessTokenId: 'gavel.accessTokenId',
      locale: 'gavel.locale',
      theme: 'gavel.theme',
      clientId: 'gavel.clientId',
    });
  });
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

describe('access token id and locale preference', () => {
  it('round-trips the access token id and removes it with null', () => {
    expect(readAccessTokenId()).toBeNull();
    writeAccessTokenId('tok_123');
    expect(window.localStorage.getItem('gavel.accessTokenId')).toBe('tok_123');
    expect(readAccessTokenId()).toBe('tok_123');
    writeAccessTokenId(null);
    expect(readAccessTokenId()).toBeNull();
    expect(window.localStorage.getItem('gavel.accessTokenId')).toBeNull();
  });

  it('round-trips the locale preference', () => {
    expect(readLocalePreference()).toBeNull();
    writeLocalePreference('fr');
    expect(window.localStorage.getItem('gavel.locale')).toBe('fr');
    expect(readLocalePreference()).toBe('fr');
  });
});

describe('client id', () => {
  it('is generated once as a UUID, stored, and stable afterwards', () => {
    const first = readOrCreateClientId();
    expect(first).toMatch(uuidPattern);
    expect(window.localStorage.getItem('gavel.clientId')).toBe(first);
    expect(readOrCreateClientId()).toBe(first);
    expect(readOrCreateClientId()).toBe(first);
  });

  it('keeps an id that is already stored', () => {
    const stored = '0b5c1f8e-3d2a-4c6b-9e7f-1a2b3c4d5e6f';
    window.localStorage.setItem('gavel.clientId', stored);
    expect(readOrCreateClientId()).toBe(stored);
  });

  it.each(['existing-id', 'not-a-uuid', '0b5c1f8e-3d2a-4c6b-9e7f-1a2b3c4d5e6', ' '])(
    'replaces a stored %j, which the realtime configuration would refuse, and keeps the new one',
    (stored) => {
      window.localStorage.setItem('gavel.clientId', stored);
      const created = readOrCreateClientId();
      expect(created).toMatch(uuidPattern);
      expect(window.localStorage.getItem('gavel.clientId')).toBe(created);
      expect(readOrCreateClientId()).toBe(created);
    },
  );

  it('differs between browsers (fresh storage)', () => {
    const first = readOrCreateClientId();
    window.localStorage.clear();
    const second = readOrCreateClientId();
    expect(second).toMatch(uuidPattern);
    expect(second).not.toBe(first);
  });
});

describe('storage that throws', () => {
  beforeEach(() => {
    // Values that would be read back if the storage did not throw.
    window.localStorage.setItem('gavel.user', '{"loginId":"demo","displayName":"D"}');
    window.localStorage.setItem('gavel.accessTokenId', 'tok');
    window.localStorage.setItem('gavel.locale', 'fr');
    window.localStorage.setItem('gavel.clientId', 'stored-id');
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
  });

  it('reads every value as null', () => {
    expect(readStoredUser()).toBeNull();
    expect(readAccessTokenId()).toBeNull();
    expect(readLocalePreference()).toBeNull();
    expect(Storage.prototype.getItem).toHaveBeenCalledTimes(3);
  });

  it('does not throw on writes', () => {
    expect(() => writeStoredUser({ loginId: 'demo', displayName: 'D' })).not.toThrow();
    expect(() => writeStoredUser(null)).not.toThrow();
    expect(() => writeAccessTokenId('tok')).not.toThrow();
    expect(() => writeAccessTokenId(null)).not.toThrow();
    expect(() => writeLocalePreference('fr')).not.toThrow();
    expect(Storage.prototype.setItem).toHaveBeenCalled();
  });

  it('still hands out a fresh client id', () => {
    const id = readOrCreateClientId();
    expect(id).toMatch(uuidPattern);
    expect(id).not.toBe('stored-id');
  });
});
