import { writeAccessTokenId, writeStoredUser } from '@/lib/storage/stored-values';
import { requestSignOut } from './auth-api';

const channelName = 'gavel.session';
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
 * Log out (docs/product-contract.md §2.1): revoke the session on the server, clear what this
 * browser stored, tear down realtime, and tell the other tabs. Never throws: a failed server call
 * still logs out here.
 */
export async function logOut(): Promise<void> {
  await requestSignOut().catch(() => undefined);
  clearLocalSession();
  try {
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ type: 'signed-out' });
    channel.close();
  } catch {
    // No BroadcastChannel: the storage event of the cleared user still reaches other tabs.
  }
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
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'signed-out') handle();
    };
  } catch {
    channel = null;
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
