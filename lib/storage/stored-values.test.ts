import {
  readAccessTokenId,
  readLocalePreference,
  readOrCreateClientId,
  readStoredValue,
  storageKeys,
  writeAccessTokenId,
  writeLocalePreference,
  writeStoredValue,
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
    expect(readStoredValue(storageKeys.user)).toBeNull();
    expect(readAccessTokenId()).toBeNull();
    expect(readLocalePreference()).toBeNull();
    expect(Storage.prototype.getItem).toHaveBeenCalledTimes(3);
  });

  it('does not throw on writes', () => {
    expect(() => writeStoredValue(storageKeys.user, '{}')).not.toThrow();
    expect(() => writeStoredValue(storageKeys.user, null)).not.toThrow();
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
