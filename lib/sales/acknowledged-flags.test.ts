import {
  acknowledgedFlagsKey,
  maxAcknowledged,
  parseAcknowledged,
  readAcknowledged,
  withAcknowledged,
  writeAcknowledged,
} from './acknowledged-flags';

describe('acknowledged flags', () => {
  beforeEach(() => window.localStorage.clear());

  it('round-trips through localStorage under gavel.acknowledgedFlags', () => {
    writeAcknowledged(withAcknowledged([], 'jump:a/b:1'));
    expect(window.localStorage.getItem(acknowledgedFlagsKey)).toBe('["jump:a/b:1"]');
    expect(readAcknowledged()).toEqual(['jump:a/b:1']);
  });

  it('keeps only the newest ids past the bound, without duplicates', () => {
    let ids: string[] = [];
    for (let n = 0; n < maxAcknowledged + 10; n += 1) ids = withAcknowledged(ids, `flag-${n}`);
    ids = withAcknowledged(ids, 'flag-20');
    expect(ids).toHaveLength(maxAcknowledged);
    expect(ids.at(-1)).toBe('flag-20');
    expect(ids.filter((id) => id === 'flag-20')).toHaveLength(1);
    expect(ids).not.toContain('flag-0');
  });

  it('reads anything else as nothing acknowledged', () => {
    expect(parseAcknowledged('not json')).toEqual([]);
    expect(parseAcknowledged('{"a":1}')).toEqual([]);
    expect(parseAcknowledged('["a", 2, null]')).toEqual(['a']);
    expect(parseAcknowledged(null)).toEqual([]);
  });
});
