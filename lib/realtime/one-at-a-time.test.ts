import { oneAtATime } from './one-at-a-time';

/** A task that records its start and ends when the test says so. */
function controlled(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const task = () => {
    log.push(`${name} started`);
    return done.then(() => {
      log.push(`${name} ended`);
    });
  };
  return { task, finish, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('oneAtATime', () => {
  test('the first task starts before run returns', () => {
    const log: string[] = [];
    const run = oneAtATime();
    void run(controlled(log, 'a').task);
    expect(log).toEqual(['a started']);
  });

  test('each next task starts only as the one before ends, in the order given', async () => {
    const log: string[] = [];
    const run = oneAtATime();
    const [a, b, c] = [controlled(log, 'a'), controlled(log, 'b'), controlled(log, 'c')];
    void run(a.task);
    void run(b.task);
    void run(c.task);
    await settle();
    expect(log).toEqual(['a started']);
    a.finish();
    await settle();
    expect(log).toEqual(['a started', 'a ended', 'b started']);
    b.finish();
    c.finish();
    await settle();
    expect(log).toEqual(['a started', 'a ended', 'b started', 'b ended', 'c started', 'c ended']);
  });

  test('a task that fails hands its error over and the queue goes on', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const run = oneAtATime((error) => errors.push(error));
    const [a, b] = [controlled(log, 'a'), controlled(log, 'b')];
    void run(a.task);
    void run(b.task);
    const refused = new Error('history refused');
    a.fail(refused);
    await settle();
    expect(errors).toEqual([refused]);
    expect(log).toEqual(['a started', 'b started']);
    b.finish();
    await settle();
    expect(log).toEqual(['a started', 'b started', 'b ended']);
  });

  test('a task that throws before its first await does not stop the queue either', async () => {
    const errors: unknown[] = [];
    const run = oneAtATime((error) => errors.push(error));
    const log: string[] = [];
    const broken = new Error('thrown at once');
    void run(() => {
      throw broken;
    });
    await run(async () => {
      log.push('after');
    });
    await settle();
    expect(errors).toEqual([broken]);
    expect(log).toEqual(['after']);
  });

  test('by default the error is thrown again in a task of its own', async () => {
    jest.useFakeTimers();
    try {
      const run = oneAtATime();
      const refused = new Error('history refused');
      await run(() => Promise.reject(refused));
      expect(() => jest.runOnlyPendingTimers()).toThrow(refused);
    } finally {
      jest.useRealTimers();
    }
  });

  test('once idle, a new task starts at once again', async () => {
    const log: string[] = [];
    const run = oneAtATime();
    const a = controlled(log, 'a');
    const done = run(a.task);
    a.finish();
    await done;
    void run(controlled(log, 'b').task);
    expect(log).toEqual(['a started', 'a ended', 'b started']);
  });
});
