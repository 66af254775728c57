import { writeAccessTokenId, writeStoredUser } from '@/lib/storage/stored-values';
import { requestSignOut } from './auth-api';

const channelName = 'gavel.session';
// This tab's mark on what it broadcasts: its own listener (another channel object, so it hears
// it) leaves its sign-out to the code that logged out, which knows where to go next.
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
 * Log out (docs/product-contract.md §2.1): clear what this browser stored, tear down realtime,
 * tell the other tabs, and revoke the session on the server. This browser and its other tabs go
 * first, without waiting for the server: on a slow network the other tabs would otherwise keep
 * showing the sale for as long as the call takes. Resolves once the server has answered (or
 * failed to: its failure still logs out here), so what follows runs on a revoked session.
 */
export async function logOut(): Promise<void> {
  clearLocalSession();
  try {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ type: 'signed-out', from: thisTab });
    channel.close();
  } catch {
    // No BroadcastChannel: the storage event of the cleared user still reaches other tabs.
  }
  await requestSignOut().catch(() => undefined);
}

/** Calls back when another tab signs out (its broadcast, or its clearing of the stored user). */
export function subscribeToOtherTabsSignOut(onSignedOut: () => void): () => void {
  const handle = () => {
    clearLocalSession();
    onSignedOut();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'gavel.user' && event.newValue === null) handle();
  };
  window.addEventListener('storage', onStorage);
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent<{ type?: string; from?: string }>) => {
      if (event.data?.type === 'signed-out' && event.data.from !== thisTab) handle();
    };
  } catch {
    channel = null;
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
