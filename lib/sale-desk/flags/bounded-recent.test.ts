import { createRecentIds, setRecent } from './bounded-recent';

describe('createRecentIds', () => {
  it('remembers the last max ids and forgets the oldest first', () => {
    const recent = createRecentIds(3);
    ['a', 'b', 'c'].forEach((id) => recent.add(id));
    expect(['a', 'b', 'c'].map(recent.has)).toEqual([true, true, true]);
    recent.add('d');
    expect(['a', 'b', 'c', 'd'].map(recent.has)).toEqual([false, true, true, true]);
    recent.add('e');
    recent.add('f');
    recent.add('g');
    expect(['d', 'e', 'f', 'g'].map(recent.has)).toEqual([false, true, true, true]);
    expect(recent.size).toBe(3);
  });

  it('does not count an id twice, nor let a repeat push another out', () => {
    const recent = createRecentIds(2);
    recent.add('a');
    recent.add('a');
    recent.add('b');
    expect(recent.has('a')).toBe(true);
    expect(recent.size).toBe(2);
  });

  it('forgets everything on clear and fills again from empty', () => {
    const recent = createRecentIds(2);
    ['a', 'b', 'c'].forEach((id) => recent.add(id));
    recent.clear();
    expect(recent.size).toBe(0);
    ['x', 'y', 'z'].forEach((id) => recent.add(id));
    expect(['x', 'y', 'z'].map(recent.has)).toEqual([false, true, true]);
  });

  it('keeps exactly the ids a plain first-in-first-out list keeps, over many laps', () => {
    const recent = createRecentIds(7);
    const reference: string[] = [];
    for (let n = 0; n < 200; n += 1) {
      const id = `id-${(n * 13) % 31}`;
      recent.add(id);
      if (!reference.includes(id)) {
        reference.push(id);
        if (reference.length > 7) reference.shift();
      }
      expect(recent.size).toBe(reference.length);
      for (const kept of reference) expect(recent.has(kept)).toBe(true);
    }
  });
});

describe('setRecent', () => {
  it('moves a key to the most recent place and drops the least recent past max', () => {
    const map = new Map<string, number>();
    setRecent(map, 'a', 1, 2);
    setRecent(map, 'b', 2, 2);
    setRecent(map, 'a', 3, 2);
    setRecent(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
