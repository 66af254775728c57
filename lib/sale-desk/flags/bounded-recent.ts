/**
 * Makes `key` the most recent entry of a Map (which keeps insertion order) and drops the least
 * recent ones beyond `max`: the eviction style of the bid store, deterministic for equal inputs.
 */
export function setRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The last `max` ids seen, oldest forgotten first: a Set beside a ring of the same ids. Evicting
 * through a Set's own order (`values().next()` after deletes) walks over the slots of every id
 * deleted before, until the table is rebuilt: measured at 9 µs an id at 10,000 (docs/benchmarks.md);
 * the ring names the oldest at once.
 */
export function createRecentIds(max: number) {
  const ids = new Set<string>();
  const ring: string[] = [];
  let oldest = 0;
  return {
    has: (id: string) => ids.has(id),
    /** Remembers `id` (already remembered: nothing changes). */
    add(id: string) {
      if (ids.has(id)) return;
      ids.add(id);
      if (ring.length < max) {
        ring.push(id);
        return;
      }
      ids.delete(ring[oldest]!);
      ring[oldest] = id;
      oldest = (oldest + 1) % max;
    },
    get size() {
      return ids.size;
    },
    clear() {
      ids.clear();
      ring.length = 0;
      oldest = 0;
    },
  };
}
