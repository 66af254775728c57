// Logging out tells this browser and its other tabs at once, and revokes the session on the
// server: the other tabs do not wait for the server's answer (docs/product-contract.md §2.1).
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { writeAccessTokenId } from '@/lib/storage/stored-values';
import { readStoredUser, writeStoredUser } from '@/lib/auth/stored-user';
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
  it('clears this browser and tears down realtime at once; tells the other tabs once the server has answered', async () => {
    const teardown = jest.fn();
    const stop = onSignOut(teardown);
    const otherTab = new BroadcastChannel('gavel.session');
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);

    const done = logOut();
    // The other tabs see the stored user go (a storage event) before the server answers.
    expect(readStoredUser()).toBeNull();
    expect(teardown).toHaveBeenCalledTimes(1);
    expect(signOutCalls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Not yet revoked: a tab reading its page again now would still be rendered for the session.
    expect(heard).toEqual([]);

    answerSignOut(noContent());
    await done;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual([{ type: 'signed-out', from: expect.any(String) }]);
    otherTab.close();
    stop();
  });

  it('another tab’s broadcast leaves and reads again; this tab’s own is not heard', async () => {
    const onLeft = jest.fn();
    const onRevoked = jest.fn();
    const stop = subscribeToOtherTabsSignOut({ onLeft, onRevoked });
    const done = logOut();
    answerSignOut(noContent());
    await done;
    const otherTab = new BroadcastChannel('gavel.session');
    otherTab.postMessage({ type: 'signed-out', from: 'another-tab' });
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(onRevoked).toHaveBeenCalledTimes(1);
    stop();
  });

  it('another tab clearing the stored user (before its server call) only leaves', () => {
    const onLeft = jest.fn();
    const onRevoked = jest.fn();
    const stop = subscribeToOtherTabsSignOut({ onLeft, onRevoked });
    window.dispatchEvent(new StorageEvent('storage', { key: 'gavel.user', newValue: null }));
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(onRevoked).not.toHaveBeenCalled();
    expect(readStoredUser()).toBeNull();
    stop();
  });

  it('a failed server call still logs out here', async () => {
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(logOut()).resolves.toBeUndefined();
    expect(readStoredUser()).toBeNull();
  });
});
