type Listener = () => void;
type Schedule = (callback: () => void) => void;

export interface LoadingStore {
  /** Counts one call in flight; the returned function settles it (a second call is a no-op). */
  begin(): () => void;
  inFlight(): number;
  /** The overlay flag: follows the counter one tick after each change. */
  isVisible(): boolean;
  subscribe(listener: Listener): () => void;
}

const nextTick: Schedule = (callback) => {
  setTimeout(callback, 0);
};

export function createLoadingStore(schedule: Schedule = nextTick): LoadingStore {
  let count = 0;
  let visible = false;
  const listeners = new Set<Listener>();

  const publishAfterTick = () =>
    schedule(() => {
      const next = count > 0;
      if (next === visible) return;
      visible = next;
      listeners.forEach((listener) => listener());
    });

  return {
    begin() {
      count += 1;
      publishAfterTick();
      let settled = false;
      return () => {
        if (settled) return;
        settled = true;
        count = Math.max(0, count - 1);
        publishAfterTick();
      };
    },
    inFlight: () => count,
    isVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's one store, fed by the API client and read by the overlay. */
export const loadingStore = createLoadingStore();
