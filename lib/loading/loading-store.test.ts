import { createLoadingStore, type LoadingStore } from './loading-store';

/** A scheduler the test drives: callbacks run only when `tick()` is called. */
function manualScheduler() {
  let queue: Array<() => void> = [];
  return {
    schedule: (callback: () => void) => {
      queue.push(callback);
    },
    tick() {
      const due = queue;
      queue = [];
      due.forEach((callback) => callback());
    },
    pending: () => queue.length,
  };
}

describe('createLoadingStore with a manual scheduler', () => {
  let scheduler: ReturnType<typeof manualScheduler>;
  let store: LoadingStore;
  let listener: jest.Mock;

  beforeEach(() => {
    scheduler = manualScheduler();
    store = createLoadingStore(scheduler.schedule);
    listener = jest.fn();
    store.subscribe(listener);
  });

  it('starts idle', () => {
    expect(store.inFlight()).toBe(0);
    expect(store.isVisible()).toBe(false);
    expect(scheduler.pending()).toBe(0);
  });

  it('counts at once but flips the flag only one tick after the counter changes', () => {
    const settle = store.begin();
    expect(store.inFlight()).toBe(1);
    expect(store.isVisible()).toBe(false);
    expect(listener).not.toHaveBeenCalled();

    scheduler.tick();
    expect(store.isVisible()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    settle();
    expect(store.inFlight()).toBe(0);
    expect(store.isVisible()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    scheduler.tick();
    expect(store.isVisible()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the flag on while two calls are in flight, until the last settles', () => {
    const settleA = store.begin();
    const settleB = store.begin();
    scheduler.tick();
    expect(store.inFlight()).toBe(2);
    expect(store.isVisible()).toBe(true);

    settleA();
    scheduler.tick();
    expect(store.inFlight()).toBe(1);
    expect(store.isVisible()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    settleB();
    scheduler.tick();
    expect(store.inFlight()).toBe(0);
    expect(store.isVisible()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('treats settling twice as a no-op', () => {
    const settleA = store.begin();
    const settleB = store.begin();
    scheduler.tick();
    settleA();
    settleA();
    expect(store.inFlight()).toBe(1);
    scheduler.tick();
    expect(store.isVisible()).toBe(true);
    settleB();
    expect(store.inFlight()).toBe(0);
  });

  it('never lets the counter go below zero', () => {
    const settle = store.begin();
    settle();
    settle();
    settle();
    expect(store.inFlight()).toBe(0);
    scheduler.tick();
    expect(store.isVisible()).toBe(false);
    const next = store.begin();
    expect(store.inFlight()).toBe(1);
    next();
    expect(store.inFlight()).toBe(0);
  });

  it('does not notify when the counter goes up and down within one tick', () => {
    const settle = store.begin();
    settle();
    scheduler.tick();
    expect(store.isVisible()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('notifies only when the flag changes, not on every counter change', () => {
    const settles = [store.begin(), store.begin(), store.begin()];
    scheduler.tick();
    expect(listener).toHaveBeenCalledTimes(1);
    settles[0]!();
    scheduler.tick();
    store.begin();
    scheduler.tick();
    settles[1]!();
    scheduler.tick();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.isVisible()).toBe(true);
  });

  it('stops notifying a listener after it unsubscribes, and keeps notifying the others', () => {
    const other = jest.fn();
    const unsubscribeOther = store.subscribe(other);
    const settle = store.begin();
    scheduler.tick();
    expect(other).toHaveBeenCalledTimes(1);

    unsubscribeOther();
    settle();
    scheduler.tick();
    expect(other).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('createLoadingStore with the default setTimeout(0) scheduler', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('flips the flag only after the zero-delay timer runs', () => {
    const store = createLoadingStore();
    const listener = jest.fn();
    store.subscribe(listener);

    const settle = store.begin();
    expect(store.inFlight()).toBe(1);
    expect(store.isVisible()).toBe(false);
    expect(jest.getTimerCount()).toBe(1);

    jest.advanceTimersByTime(0);
    expect(store.isVisible()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    settle();
    expect(store.inFlight()).toBe(0);
    expect(store.isVisible()).toBe(true);

    jest.advanceTimersByTime(0);
    expect(store.isVisible()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the flag on until the last of two calls settles', () => {
    const store = createLoadingStore();
    const settleA = store.begin();
    const settleB = store.begin();
    jest.runOnlyPendingTimers();
    expect(store.isVisible()).toBe(true);

    settleA();
    jest.runOnlyPendingTimers();
    expect(store.isVisible()).toBe(true);
    expect(store.inFlight()).toBe(1);

    settleB();
    jest.runOnlyPendingTimers();
    expect(store.isVisible()).toBe(false);
    expect(store.inFlight()).toBe(0);
  });

  it('settling twice schedules nothing and changes nothing', () => {
    const store = createLoadingStore();
    const settle = store.begin();
    settle();
    jest.runOnlyPendingTimers();
    expect(jest.getTimerCount()).toBe(0);
    settle();
    expect(jest.getTimerCount()).toBe(0);
    expect(store.inFlight()).toBe(0);
  });

  it('does not notify a listener for a call that settles within the same tick, nor after unsubscribe', () => {
    const store = createLoadingStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.begin()();
    jest.runOnlyPendingTimers();
    expect(listener).not.toHaveBeenCalled();
    expect(store.isVisible()).toBe(false);

    unsubscribe();
    store.begin();
    jest.runOnlyPendingTimers();
    expect(store.isVisible()).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });
});
