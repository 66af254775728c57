import 'server-only';

/**
 * At most `max` tasks at once, the others waiting their turn in arrival order. For argon2id:
 * each verification takes about 25 ms of a core and 47 MiB, and 40 sign-ins sent at once (a
 * password spray from addresses the limits do not see) took every core, stalling every other
 * request (a health check took 4.2 s). Queued, they take turns and leave a core to the rest.
 */
export function createSlots(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next in line, or free it.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    /** Tasks running, and waiting: for tests. */
    get counts() {
      return { running, waiting: waiting.length };
    },
  };
}
