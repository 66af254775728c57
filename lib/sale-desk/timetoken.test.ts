import fc from 'fast-check';
import { compareTimetokens, isAfterClose, isNewer, latestOf } from './timetoken';

describe('compareTimetokens', () => {
  it.each([
    // Beyond 2^53: equal as numbers, different as timetokens.
    ['17952888637390001', '17952888637390000', 1],
    ['17952888637390000', '17952888637390001', -1],
    ['17952888637390000', '17952888637390000', 0],
    ['9', '10', -1],
    ['0', '17952888637390000', -1],
    ['007', '7', 0],
    ['010', '9', 1],
    ['00', '0', 0],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareTimetokens(a, b)).toBe(expected);
  });

  it('orders any two timetokens as the integers they are', () => {
    const digits = fc.stringMatching(/^\d{1,20}$/);
    fc.assert(
      fc.property(digits, digits, (a, b) => {
        const [x, y] = [BigInt(a), BigInt(b)];
        expect(compareTimetokens(a, b)).toBe(x === y ? 0 : x > y ? 1 : -1);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('isNewer and latestOf', () => {
  it('follow the integers past 2^53', () => {
    expect(isNewer('17952888637390001', '17952888637390000')).toBe(true);
    expect(isNewer('17952888637390000', '17952888637390000')).toBe(false);
    expect(latestOf('17952888637390000', '17952888637390001')).toBe('17952888637390001');
    expect(latestOf(null, '9')).toBe('9');
    expect(latestOf('10', null)).toBe('10');
  });
});

describe('isAfterClose', () => {
  it.each([
    ['17952888637390001', '17952888637390000', true],
    // Published with the close, or before it: the bid made the result.
    ['17952888637390000', '17952888637390000', false],
    ['17952888637389999', '17952888637390000', false],
    // An open lot has no close: no bid on it is late.
    ['17952888637390001', null, false],
  ])('%s after a close at %s → %s', (timetoken, closedTimetoken, expected) => {
    expect(isAfterClose(timetoken, closedTimetoken)).toBe(expected);
  });
});
