import { recorderUserId } from './realtime-config';
import { afterPresence, staffInList, staffWatching } from './staff-watching';

const away = { recorderHere: false };
const here = { recorderHere: true };

describe('staff watching', () => {
  it.each([
    ['the recorder joins', away, { action: 'join', uuid: recorderUserId }, here],
    ['the recorder leaves', here, { action: 'leave', uuid: recorderUserId }, away],
    ['the recorder times out', here, { action: 'timeout', uuid: recorderUserId }, away],
    ['a clerk joins', here, { action: 'join', uuid: 'client-1' }, here],
    ['a clerk leaves', here, { action: 'leave', uuid: 'client-1' }, here],
    [
      'an interval names the recorder joining',
      away,
      { action: 'interval', join: [recorderUserId] },
      here,
    ],
    [
      'an interval names it timed out',
      here,
      { action: 'interval', timeout: ['a', recorderUserId] },
      away,
    ],
    ['an interval of others', here, { action: 'interval', join: ['a'], leave: ['b'] }, here],
  ])('%s', (_name, before, event, after) => {
    expect(afterPresence(before, event)).toEqual(after);
  });

  it('counts the occupancy without the recorder, never below zero', () => {
    expect(staffWatching(3, here)).toBe(2);
    expect(staffWatching(3, away)).toBe(3);
    expect(staffWatching(0, here)).toBe(0);
  });

  it('counts a here-now list without the recorder, in either of its shapes', () => {
    expect(staffInList(['client-1', recorderUserId, 'client-2'])).toBe(2);
    expect(staffInList([{ uuid: recorderUserId }, { uuid: 'client-1' }])).toBe(1);
  });
});
