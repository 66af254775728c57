import type { OwnSession } from './account-api';
import { orderOwnSessions, sessionAfter } from './own-sessions';

const session = (id: string, lastSeenAt: string, current = false): OwnSession => ({
  id,
  current,
  userAgent: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSeenAt,
});

const older = session('older', '2026-03-01T09:00:00.000Z');
const newer = session('newer', '2026-03-01T11:00:00.000Z');
const here = session('here', '2026-03-01T10:00:00.000Z', true);

describe('orderOwnSessions', () => {
  it('puts this browser first, then the last active', () => {
    expect(orderOwnSessions([older, newer, here]).map(({ id }) => id)).toEqual([
      'here',
      'newer',
      'older',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const given = [older, here];
    orderOwnSessions(given);
    expect(given).toEqual([older, here]);
  });
});

describe('sessionAfter', () => {
  const shown = [here, newer, older];
  it.each([
    ['newer', 'older'],
    ['older', 'newer'],
    ['gone', null],
  ])('after ending %s, the focus goes to %s', (ended, next) => {
    expect(sessionAfter(shown, ended)?.id ?? null).toBe(next);
  });

  it('none when it was the only one', () => {
    expect(sessionAfter([newer], 'newer')).toBeNull();
  });
});
