/**
 * A store's published snapshot for React (`useSyncExternalStore`): rebuilt and announced at most
 * once per scheduled flush (an animation frame), however many changes arrive before it.
 */
export function createFrameSnapshot<Snapshot>(
  build: () => Snapshot,
  schedule: (flush: () => void) => void,
) {
  const listeners = new Set<() => void>();
  let scheduled = false;
  let snapshot = build();

  return {
    /** Something changed: the next flush rebuilds the snapshot and tells every listener. */
    changed() {
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        snapshot = build();
        listeners.forEach((listener) => listener());
      });
    },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
