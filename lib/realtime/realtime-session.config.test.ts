// The live connection's session, outside React: the configuration asked again after a failure,
// given up on a refusal, and one connection however often it is retried.
import { ApiError } from '@/lib/api/api-error';
import { reconnectAttempts, reconnectDelayMs } from './connection-state';
import { startRealtimeSession } from './realtime-session';
import { parts } from './testing/session-parts';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('realtime sessions', () => {
  it('retries through the connection once there is one', async () => {
    const { given, connections, answer } = parts();
    const session = startRealtimeSession(given);
    await answer();
    session.retry();
    expect(connections[0]!.retry).toHaveBeenCalledTimes(1);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a retry while the configuration is asked drops the first answer: one connection', async () => {
    const { given, answer, fail, store } = parts();
    const session = startRealtimeSession(given);
    await fail(0);
    expect(store.getSnapshot().connection).toBe('reconnecting');
    session.retry();
    session.retry();
    await answer(2);
    await answer(1);
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('a configuration that fails is asked again 3 s later, and connects when it comes', async () => {
    const { given, answer, fail, store } = parts();
    startRealtimeSession(given);
    await fail();
    expect(store.getSnapshot().connection).toBe('reconnecting');
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(reconnectDelayMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(2);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('after ten failed asks it is offline, and waits for the Reconnect button', async () => {
    const { given, fail, answer, store } = parts();
    const session = startRealtimeSession(given);
    for (let ask = 1; ask <= reconnectAttempts; ask += 1) {
      await fail();
      jest.advanceTimersByTime(reconnectDelayMs);
    }
    expect(given.fetchConfig).toHaveBeenCalledTimes(reconnectAttempts);
    expect(store.getSnapshot().connection).toBe('offline');
    session.retry();
    expect(given.fetchConfig).toHaveBeenCalledTimes(reconnectAttempts + 1);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('a configuration refused (4xx) is offline at once: asked again, it would be refused again', async () => {
    const { given, fail, store } = parts();
    startRealtimeSession(given);
    await fail(0, new ApiError('bad_request', 'clientId must be a UUID', { status: 400 }));
    expect(store.getSnapshot().connection).toBe('offline');
    jest.advanceTimersByTime(reconnectDelayMs * 2);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a server failure (5xx) or no answer in time is asked again', async () => {
    const { given, fail, store } = parts();
    startRealtimeSession(given);
    await fail(0, new ApiError('internal', 'down', { status: 503 }));
    jest.advanceTimersByTime(reconnectDelayMs);
    await fail(1, new ApiError('timeout', 'no answer'));
    jest.advanceTimersByTime(reconnectDelayMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().connection).toBe('reconnecting');
  });

  it('a stop while a failed configuration waits to be asked again asks nothing more', async () => {
    const { given, fail } = parts();
    const session = startRealtimeSession(given);
    await fail();
    session.stop();
    jest.advanceTimersByTime(reconnectDelayMs * 2);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });
});
