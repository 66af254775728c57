// The live connection's session, outside React: restart, sign-out and stop end the connection;
// history goes through it, and its Access Manager token is kept fresh.
import { refreshRetryMs, startRealtimeSession } from './realtime-session';
import { config, parts } from './testing/session-parts';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('realtime sessions', () => {
  it('restart stops the connection, empties the store and connects again', async () => {
    const { given, connections, answer, store } = parts();
    const session = startRealtimeSession(given);
    await answer();
    const reset = jest.spyOn(store, 'reset');
    session.restart();
    expect(connections[0]!.stop).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(2);
  });

  it('sign-out stops the connection and empties the store; stop unregisters and is final', async () => {
    const { given, connections, answer, signOut, signOuts, store } = parts();
    const session = startRealtimeSession(given);
    await answer();
    const reset = jest.spyOn(store, 'reset');
    signOut();
    expect(connections[0]!.stop).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await expect(session.history('1')).rejects.toThrow('not connected');
    session.stop();
    expect(signOuts.size).toBe(0);
    session.retry();
    session.restart();
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a configuration answered after stop connects nothing', async () => {
    const { given, answer } = parts();
    const session = startRealtimeSession(given);
    session.stop();
    await answer();
    expect(given.connect).not.toHaveBeenCalled();
  });

  it('a configuration answered after sign-out connects nothing', async () => {
    const { given, answer, signOut } = parts();
    startRealtimeSession(given);
    signOut();
    await answer();
    expect(given.connect).not.toHaveBeenCalled();
  });

  it('history goes through the current connection', async () => {
    const { given, connections, answer } = parts();
    const session = startRealtimeSession(given);
    await answer();
    await session.history('17', '12');
    expect(connections[0]!.history).toHaveBeenCalledWith('17', '12');
  });

  it('keeps an Access Manager token fresh before it expires', async () => {
    const { given, connections, answer } = parts();
    startRealtimeSession(given);
    await answer(0, { ...config, token: 'first', tokenTtlSeconds: 100 });
    jest.advanceTimersByTime(80_000);
    expect(given.fetchConfig).toHaveBeenCalledTimes(2);
    await answer(1, { ...config, token: 'second', tokenTtlSeconds: 100 });
    expect(connections[0]!.setToken).toHaveBeenCalledWith('second');
  });

  it('asks again 30 s after a failed token refresh, not a whole token life later', async () => {
    const { given, connections, answer, fail } = parts();
    startRealtimeSession(given);
    await answer(0, { ...config, token: 'first', tokenTtlSeconds: 100 });
    jest.advanceTimersByTime(80_000);
    await fail(1);
    jest.advanceTimersByTime(refreshRetryMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(3);
    await answer(2, { ...config, token: 'second', tokenTtlSeconds: 100 });
    expect(connections[0]!.setToken).toHaveBeenCalledWith('second');
  });
});
