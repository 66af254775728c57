/**
 * Makes `key` the most recent entry of a Map (which keeps insertion order) and drops the least
 * recent ones beyond `max`: the eviction style of the bid store, deterministic for equal inputs.
 */
export function setRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}
