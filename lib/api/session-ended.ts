/**
 * The session is over on the server (revoked, expired, the account disabled): an `unauthorized`
 * answer to any call says so, a background one included. The API client reports it here; the
 * screens that need a session listen (the dashboard's guard signs out, the agreements show their
 * sign-in prompt), so a session that ends while a page is open does not go unnoticed until the
 * next click.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` on every report until the answered function is called. */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; false when no screen listens (the caller then leaves the page itself). */
export function reportSessionEnded(): boolean {
  const current = [...listeners];
  for (const listener of current) listener();
  return current.length > 0;
}
