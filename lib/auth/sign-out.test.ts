// Logging out tells this browser and its other tabs at once, and revokes the session on the
// server: the other tabs do not wait for the server's answer (docs/product-contract.md §2.1).
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { readStoredUser, writeAccessTokenId, writeStoredUser } from '@/lib/storage/stored-values';
import { logOut, onSignOut, subscribeToOtherTabsSignOut } from './sign-out';

const demo = { loginId: 'demo', displayName: 'Demo Staff', role: 'admin' } as const;
let answerSignOut: (response: Response) => void = () => {};
let signOutCalls = 0;

// jsdom has no BroadcastChannel; Node's is the same web API.
globalThis.BroadcastChannel ??= NodeBroadcastChannel as unknown as typeof BroadcastChannel;

beforeEach(() => {
  writeStoredUser(demo);
  writeAccessTokenId('token-1');
  signOutCalls = 0;
  globalThis.fetch = jest.fn(() => {
    signOutCalls += 1;
    return new Promise<Response>((resolve) => {
      answerSignOut = resolve;
    });
  }) as typeof fetch;
});

const noContent = () =>
  ({ ok: true, status: 204, headers: new Headers(), text: async () => '' }) as unknown as Response;

describe('logOut', () => {
  it('clears this browser, tears down realtime and tells the other tabs before the server answers', async () => {
    const teardown = jest.fn();
    const stop = onSignOut(teardown);
    const otherTab = new BroadcastChannel('gavel.session');
    const told = new Promise((resolve) => {
      otherTab.onmessage = (event: MessageEvent) => resolve(event.data);
    });

    let settled = false;
    const done = logOut().then(() => {
      settled = true;
    });
    expect(readStoredUser()).toBeNull();
    expect(teardown).toHaveBeenCalledTimes(1);
    await expect(told).resolves.toEqual({ type: 'signed-out', from: expect.any(String) });
    expect(signOutCalls).toBe(1);
    // Still waiting for the server: the caller goes on once the session is revoked.
    expect(settled).toBe(false);

    answerSignOut(noContent());
    await done;
    expect(settled).toBe(true);
    otherTab.close();
    stop();
  });

  it('another tab hears it; this tab does not sign out twice on its own broadcast', async () => {
    const heard = jest.fn();
    const stop = subscribeToOtherTabsSignOut(heard);
    void logOut();
    const otherTab = new BroadcastChannel('gavel.session');
    otherTab.postMessage({ type: 'signed-out', from: 'another-tab' });
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a failed server call still logs out here', async () => {
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(logOut()).resolves.toBeUndefined();
    expect(readStoredUser()).toBeNull();
  });
});
