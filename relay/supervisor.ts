// Keeps the embedded relay (scripts/embedded-realtime.mjs) running: used by scripts/start.mjs.
import type { ChildProcess } from 'node:child_process';

/**
 * When a stopped relay starts again: a second after it stopped, unless it stopped within
 * `quickExitMs` of its start `quickExitLimit` times in a row (its port taken, say): then it cannot
 * start at all, and starting it every second for ever would only fill the log.
 */
export const relayRestartPolicy = { restartDelayMs: 1000, quickExitMs: 5000, quickExitLimit: 3 };

/**
 * Runs `start()` (startEmbeddedRealtime: a process, or null when the embedded default does not
 * apply) and starts it again when it stops, so subscribers reconnect and catch up; calls
 * `giveUp(reason)` instead when it keeps stopping right after its start.
 */
export function superviseRelay(
  start: () => ChildProcess | null,
  giveUp: (reason: string) => void,
  policy = relayRestartPolicy,
) {
  let relay: ChildProcess | null = null;
  let restart: NodeJS.Timeout | undefined;
  let stopped = false;
  let quickExits = 0;
  function run() {
    const startedAt = Date.now();
    relay = start();
    relay?.on('exit', () => {
      relay = null;
      if (stopped) return;
      quickExits = Date.now() - startedAt < policy.quickExitMs ? quickExits + 1 : 0;
      if (quickExits < policy.quickExitLimit) {
        restart = setTimeout(run, policy.restartDelayMs);
        return;
      }
      stopped = true;
      giveUp(
        `the embedded relay stopped ${quickExits} times in a row within ` +
          `${policy.quickExitMs / 1000} s of its start`,
      );
    });
  }
  run();
  return {
    stop(signal: NodeJS.Signals) {
      stopped = true;
      clearTimeout(restart);
      relay?.kill(signal);
    },
  };
}
