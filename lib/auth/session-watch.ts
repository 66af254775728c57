// An open tab learns within seconds that its session ended elsewhere (contract §15: an account an
// admin disabled, a password reset, sessions ended from /staff or /account): it asks
// `GET /api/auth/session-status` every few seconds while the page is visible (that call does not
// slide the idle timeout), and once at the moment the page is shown again. Only an answer of
// 401 ends it; no answer, a 5xx or a 503 leave the tab as it is (the next call asks again).

/** Between two checks: with the request's own time, a disabled account's tab is out within 5 s. */
export const sessionWatchEveryMs = 3_000;

export type SessionStatus = 'live' | 'ended' | 'unknown';

/** What one answer of the status call means (pure). */
export function sessionStatusOf(status: number | null): SessionStatus {
  if (status === 204 || status === 200) return 'live';
  if (status === 401) return 'ended';
  return 'unknown';
}

export interface SessionWatchIo {
  /** The status call's HTTP status, or null when no answer came. */
  check: () => Promise<number | null>;
  onEnded: () => void;
  isVisible: () => boolean;
  onVisible: (listener: () => void) => () => void;
  setInterval: (run: () => void, ms: number) => () => void;
}

/** Starts watching; returns the stop. Stops by itself once the session ended. */
export function watchSession(io: SessionWatchIo, everyMs = sessionWatchEveryMs): () => void {
  let stopped = false;
  let inFlight = false;
  const stop = () => {
    stopped = true;
    clearTimer();
    removeVisible();
  };
  const tick = async () => {
    if (stopped || inFlight || !io.isVisible()) return;
    inFlight = true;
    try {
      const status = sessionStatusOf(await io.check().catch(() => null));
      if (status === 'ended' && !stopped) {
        stop();
        io.onEnded();
      }
    } finally {
      inFlight = false;
    }
  };
  const clearTimer = io.setInterval(() => void tick(), everyMs);
  const removeVisible = io.onVisible(() => void tick());
  return stop;
}

/** The browser's side of the watch. */
export const browserSessionWatch = (onEnded: () => void): SessionWatchIo => ({
  check: async () => {
    try {
      // A request that hangs would hold the next checks back: it is no answer after 10 s.
      const response = await fetch('/api/auth/session-status', {
        cache: 'no-store',
        credentials: 'same-origin',
        signal: AbortSignal.timeout(10_000),
      });
      return response.status;
    } catch {
      return null;
    }
  },
  onEnded,
  isVisible: () => document.visibilityState === 'visible',
  onVisible: (listener) => {
    const onChange = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  },
  setInterval: (run, ms) => {
    const id = window.setInterval(run, ms);
    return () => window.clearInterval(id);
  },
});
