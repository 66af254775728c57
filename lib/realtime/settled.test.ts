import type { ConnectionState, EarlierBids } from './bid-store';
import { hasSettled } from './settled';

describe('hasSettled', () => {
  const cases: [EarlierBids, ConnectionState, boolean, boolean][] = [
    [{ state: 'waiting' }, 'connecting', true, false],
    [{ state: 'loading' }, 'live', true, false],
    [{ state: 'loading' }, 'reconnecting', true, false],
    [{ state: 'loaded', bids: 0 }, 'live', true, true],
    [{ state: 'loaded', bids: 0 }, 'live', false, false],
    [{ state: 'loaded', bids: 2000 }, 'reconnecting', true, true],
    [{ state: 'failed' }, 'live', true, true],
    [{ state: 'failed' }, 'live', false, false],
    [{ state: 'waiting' }, 'offline', false, true],
    [{ state: 'loading' }, 'denied', false, true],
  ];
  test.each(cases)(
    'earlier %j while %s, catalogue answered %s: %s',
    (earlier, connection, catalogueAnswered, expected) => {
      expect(hasSettled({ earlier, connection }, { catalogueAnswered })).toBe(expected);
    },
  );
});
