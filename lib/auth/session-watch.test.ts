import { sessionStatusOf, watchSession, type SessionWatchIo } from './session-watch';

function fakeIo(answers: (number | null | Error)[]) {
  const ticks: (() => void)[] = [];
  const visibleListeners: (() => void)[] = [];
  let visible = true;
  let ended = 0;
  let checks = 0;
  const io: SessionWatchIo = {
    check: async () => {
      checks += 1;
      const answer = answers.shift() ?? 204;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onEnded: () => {
      ended += 1;
    },
    isVisible: () => visible,
    onVisible: (listener) => {
      visibleListeners.push(listener);
      return () => visibleListeners.splice(visibleListeners.indexOf(listener), 1);
    },
    setInterval: (run) => {
      ticks.push(run);
      return () => ticks.splice(ticks.indexOf(run), 1);
    },
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    io,
    tick: async () => {
      ticks.forEach((run) => run());
      await settle();
    },
    show: async () => {
      visible = true;
      visibleListeners.forEach((listener) => listener());
      await settle();
    },
    hide: () => {
      visible = false;
    },
    get ended() {
      return ended;
    },
    get checks() {
      return checks;
    },
    get timers() {
      return ticks.length + visibleListeners.length;
    },
  };
}

describe('sessionStatusOf', () => {
  it.each([
    [204, 'live'],
    [200, 'live'],
    [401, 'ended'],
    [403, 'unknown'],
    [500, 'unknown'],
    [503, 'unknown'],
    [null, 'unknown'],
  ] as const)('%s is %s', (status, expected) => {
    expect(sessionStatusOf(status)).toBe(expected);
  });
});

describe('watchSession', () => {
  it('ends the tab at the first 401, once, and stops watching', async () => {
    const fake = fakeIo([204, 204, 401]);
    watchSession(fake.io);
    await fake.tick();
    await fake.tick();
    expect(fake.ended).toBe(0);
    await fake.tick();
    expect(fake.ended).toBe(1);
    expect(fake.timers).toBe(0);
    await fake.tick();
    expect(fake.checks).toBe(3);
  });

  it('keeps the tab through no answer, a 5xx and a 503', async () => {
    const fake = fakeIo([null, new Error('offline'), 500, 503]);
    watchSession(fake.io);
    for (let i = 0; i < 4; i++) await fake.tick();
    expect(fake.ended).toBe(0);
    expect(fake.checks).toBe(4);
  });

  it('does not ask while the page is hidden, and asks at once when it is shown again', async () => {
    const fake = fakeIo([401]);
    watchSession(fake.io);
    fake.hide();
    await fake.tick();
    expect(fake.checks).toBe(0);
    await fake.show();
    expect(fake.checks).toBe(1);
    expect(fake.ended).toBe(1);
  });

  it('stops when asked', async () => {
    const fake = fakeIo([401]);
    const stop = watchSession(fake.io);
    stop();
    expect(fake.timers).toBe(0);
    await fake.tick();
    expect(fake.ended).toBe(0);
  });
});
