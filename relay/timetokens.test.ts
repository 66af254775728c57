/** @jest-environment node */
import { compareTimetokens, createTimetokenClock, isTimetoken } from './timetokens.ts';

/** A clock that answers the given milliseconds in turn, then repeats the last one. */
const scriptedClock = (...readings: number[]) => {
  let index = 0;
  return () => readings[Math.min(index++, readings.length - 1)]!;
};

describe('createTimetokenClock', () => {
  it('hands out 17-digit strings from wall-clock milliseconds × 10^4', () => {
    const clock = createTimetokenClock(() => 1_795_288_863_739);
    const timetoken = clock.next();
    expect(timetoken).toBe('17952888637390000');
    expect(timetoken).toMatch(/^\d{17}$/);
  });

  it('hands out 17-digit strings with the real clock', () => {
    const clock = createTimetokenClock();
    const before = BigInt(Date.now()) * 10_000n;
    const timetoken = clock.next();
    const after = BigInt(Date.now()) * 10_000n;
    expect(timetoken).toMatch(/^\d{17}$/);
    expect(BigInt(timetoken) >= before && BigInt(timetoken) <= after).toBe(true);
  });

  it.each([
    {
      name: 'clock standing still',
      readings: [1_000_000_000_000, 1_000_000_000_000, 1_000_000_000_000],
      expected: ['10000000000000000', '10000000000000001', '10000000000000002'],
    },
    {
      name: 'clock going back',
      readings: [1_000_000_000_005, 1_000_000_000_000, 1_000_000_000_001],
      expected: ['10000000000050000', '10000000000050001', '10000000000050002'],
    },
    {
      name: 'clock moving forward',
      readings: [1_000_000_000_000, 1_000_000_000_001, 1_000_000_000_003],
      expected: ['10000000000000000', '10000000000010000', '10000000000030000'],
    },
    {
      name: 'clock catching up after going back',
      readings: [1_000_000_000_002, 1_000_000_000_000, 1_000_000_000_003],
      expected: ['10000000000020000', '10000000000020001', '10000000000030000'],
    },
  ])('is strictly increasing with the $name', ({ readings, expected }) => {
    const clock = createTimetokenClock(scriptedClock(...readings));
    const handedOut = readings.map(() => clock.next());
    expect(handedOut).toEqual(expected);
  });

  it('stays strictly increasing over many calls in the same millisecond', () => {
    const clock = createTimetokenClock(() => 1_795_288_863_739);
    const handedOut = Array.from({ length: 5_000 }, () => clock.next());
    expect(new Set(handedOut).size).toBe(5_000);
    for (let index = 1; index < handedOut.length; index += 1) {
      expect(compareTimetokens(handedOut[index]!, handedOut[index - 1]!)).toBe(1);
    }
    expect(handedOut.at(-1)).toBe('17952888637394999');
  });

  describe('current()', () => {
    it('answers from the clock when nothing was handed out', () => {
      const clock = createTimetokenClock(() => 1_795_288_863_739);
      expect(clock.current()).toBe('17952888637390000');
    });

    it('answers the latest handed out while the clock has not passed it, without advancing', () => {
      const clock = createTimetokenClock(() => 1_795_288_863_739);
      clock.next();
      clock.next();
      expect(clock.current()).toBe('17952888637390001');
      expect(clock.current()).toBe('17952888637390001');
      expect(clock.next()).toBe('17952888637390002');
    });

    it('answers the clock once it has moved past the latest handed out', () => {
      let milliseconds = 1_795_288_863_739;
      const clock = createTimetokenClock(() => milliseconds);
      clock.next();
      milliseconds += 1;
      expect(clock.current()).toBe('17952888637400000');
    });

    it('never goes back when the clock does', () => {
      let milliseconds = 1_795_288_863_739;
      const clock = createTimetokenClock(() => milliseconds);
      clock.next();
      milliseconds -= 60_000;
      expect(clock.current()).toBe('17952888637390000');
      expect(clock.next()).toBe('17952888637390001');
    });
  });
});

describe('isTimetoken', () => {
  it.each([
    ['17952888637390000', true],
    ['0', true],
    ['12345678901234567890', true],
    ['123456789012345678901', false],
    ['', false],
    ['-1', false],
    ['1.5', false],
    ['1e17', false],
    [' 17952888637390000', false],
    [null, false],
    [undefined, false],
  ] as const)('%p → %p', (value, expected) => {
    expect(isTimetoken(value)).toBe(expected);
  });
});

describe('createTimetokenClock with a floor', () => {
  it('hands out timetokens above the floor while the wall clock is behind it', () => {
    const clock = createTimetokenClock(() => 1_000_000_000_000, '10000000000050000');
    expect([clock.next(), clock.next()]).toEqual(['10000000000050001', '10000000000050002']);
    expect(clock.current()).toBe('10000000000050002');
  });

  it('follows the wall clock once it is past the floor', () => {
    const clock = createTimetokenClock(() => 1_000_000_000_010, '10000000000050000');
    expect(clock.next()).toBe('10000000000100000');
  });

  it.each([undefined, '', 'soon'])('ignores a floor of %j', (floor) => {
    expect(createTimetokenClock(() => 1_000_000_000_000, floor).next()).toBe('10000000000000000');
  });
});
