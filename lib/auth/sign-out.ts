import { writeAccessTokenId } from '@/lib/storage/stored-values';
import { writeStoredUser } from '@/lib/auth/stored-user';
import { requestSignOut } from './auth-api';

const channelName = 'gavel.session';
// This tab's mark on what it broadcasts: its own listener (another channel object, so it hears
// it) leaves its sign-out to the code that logged out, which knows where to go next. Not a secret,
// and loaded on every page: no `crypto.randomUUID`, which a page served over plain HTTP lacks.
const thisTab = Math.random().toString(36).slice(2);
type Teardown = () => void;
const teardowns = new Set<Teardown>();

/** Registers what a sign-out must stop (the realtime connection, the bid store). */
export function onSignOut(teardown: Teardown): () => void {
  teardowns.add(teardown);
  return () => teardowns.delete(teardown);
}

function clearLocalSession() {
  writeStoredUser(null);
  writeAccessTokenId(null);
  teardowns.forEach((teardown) => {
    try {
      teardown();
    } catch (error) {
      console.error('A sign-out step failed', error);
    }
  });
}

/**
 * Log out (docs/product-contract.md §2.1): clear what this browser stored and tear down realtime,
 * which the other tabs hear at once (the `storage` event of the cleared user: they leave the
 * dashboard without waiting for the server); then revoke the session on the server, and once it
 * has answered tell the other tabs again (BroadcastChannel), which then read their server-rendered
 * pages again, the session gone. Resolves once the server has answered or failed to (a failure
 * still logs out here).
 */
export async function logOut(): Promise<void> {
  clearLocalSession();
  await requestSignOut().catch(() => undefined);
  try {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ type: 'signed-out', from: thisTab });
    channel.close();
  } catch {
    // No BroadcastChannel: the other tabs heard the storage event; their next call meets the 401.
  }
}

/**
 * The server ended this session (an admin disabled the account, reset its password or ended its
 * sessions; it went idle): forget it here, as a sign-out does, without asking the server to.
 */
export function forgetEndedSession(): void {
  clearLocalSession();
}

/** What another tab's sign-out asks of this one. */
export interface OtherTabSignOut {
  /** The stored user is gone: leave what needs a session (the dashboard). At once. */
  onLeft: () => void;
  /** The session is revoked on the server: read server-rendered data again. */
  onRevoked: () => void;
}

/**
 * Calls back when another tab signs out: `onLeft` when it clears the stored user (before its
 * server call), `onLeft` and `onRevoked` when its broadcast says the server has answered. A page
 * read again before the revocation would still be rendered for the session.
 */
export function subscribeToOtherTabsSignOut({ onLeft, onRevoked }: OtherTabSignOut): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== 'gavel.user' || event.newValue !== null) return;
    clearLocalSession();
    onLeft();
  };
  window.addEventListener('storage', onStorage);
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent<{ type?: string; from?: string }>) => {
      if (event.data?.type !== 'signed-out' || event.data.from === thisTab) return;
      clearLocalSession();
      onLeft();
      onRevoked();
    };
  } catch {
    channel = null;
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
