/**
 * Runs tasks one after the other, in the order given. The first starts at once (synchronously, so
 * whatever it sets up is in place before the caller goes on), each next one as the one before
 * settles. A task that fails does not hold up the ones after it: its error goes to `onError`,
 * by default thrown again in a task of its own, where error reporting sees it as uncaught.
 */
export function oneAtATime(onError: (error: unknown) => void = throwLater) {
  const queued: (() => Promise<void>)[] = [];
  let running = false;

  return async function run(task: () => Promise<void>): Promise<void> {
    queued.push(task);
    if (running) return;
    running = true;
    for (let next = queued.shift(); next; next = queued.shift()) {
      try {
        await next();
      } catch (error) {
        onError(error);
      }
    }
    running = false;
  };
}

function throwLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}
