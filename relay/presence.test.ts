/** @jest-environment node */
import { createPresence } from './presence.ts';

/** Presence on a clock the test moves by hand. */
function presenceAt(start = 1_000_000) {
  let milliseconds = start;
  const presence = createPresence(() => milliseconds);
  return {
    presence,
    advance(seconds: number) {
      milliseconds += seconds * 1000;
    },
  };
}

describe('heartbeat', () => {
  it('joins a uuid once per channel, with the occupancy after it joined', () => {
    const { presence } = presenceAt();
    expect(presence.heartbeat('alice', ['bids', 'lots'])).toEqual([
      { channel: 'bids', action: 'join', uuid: 'alice', occupancy: 1 },
      { channel: 'lots', action: 'join', uuid: 'alice', occupancy: 1 },
    ]);
    expect(presence.heartbeat('alice', ['bids', 'lots'])).toEqual([]);
    expect(presence.heartbeat('bob', ['bids'])).toEqual([
      { channel: 'bids', action: 'join', uuid: 'bob', occupancy: 2 },
    ]);
    expect(presence.heartbeat('alice', ['bids', 'sales'])).toEqual([
      { channel: 'sales', action: 'join', uuid: 'alice', occupancy: 1 },
    ]);
  });

  it('joins nobody for no channels', () => {
    const { presence } = presenceAt();
    expect(presence.heartbeat('alice', [])).toEqual([]);
    expect(presence.hereNow('bids')).toEqual({ occupancy: 0, uuids: [] });
  });

  it('refreshes the expiry, so a uuid that keeps beating never times out', () => {
    const { presence, advance } = presenceAt();
    presence.heartbeat('alice', ['bids'], 20);
    for (let beat = 0; beat < 10; beat += 1) {
      advance(19);
      expect(presence.sweep()).toEqual([]);
      expect(presence.heartbeat('alice', ['bids'])).toEqual([]);
    }
    expect(presence.hereNow('bids')).toEqual({ occupancy: 1, uuids: ['alice'] });
  });
});

describe('leave', () => {
  it('leaves the channels the uuid was on, with the occupancy after it left', () => {
    const { presence } = presenceAt();
    presence.heartbeat('alice', ['bids', 'lots']);
    presence.heartbeat('bob', ['bids']);
    expect(presence.leave('alice', ['bids', 'lots', 'sales'])).toEqual([
      { channel: 'bids', action: 'leave', uuid: 'alice', occupancy: 1 },
      { channel: 'lots', action: 'leave', uuid: 'alice', occupancy: 0 },
    ]);
    expect(presence.leave('alice', ['bids'])).toEqual([]);
    expect(presence.hereNow('bids')).toEqual({ occupancy: 1, uuids: ['bob'] });
  });

  it('lets a uuid that left join again', () => {
    const { presence } = presenceAt();
    presence.heartbeat('alice', ['bids']);
    presence.leave('alice', ['bids']);
    expect(presence.heartbeat('alice', ['bids'])).toEqual([
      { channel: 'bids', action: 'join', uuid: 'alice', occupancy: 1 },
    ]);
  });
});

describe('sweep', () => {
  it.each([
    { timeout: undefined, justBefore: 299, at: 300 },
    { timeout: 60, justBefore: 59, at: 60 },
    { timeout: 20, justBefore: 19.5, at: 20 },
  ])(
    'times a uuid out $at s after its last heartbeat (timeout $timeout)',
    ({ timeout, justBefore, at }) => {
      const { presence, advance } = presenceAt();
      presence.heartbeat('alice', ['bids'], timeout);
      advance(justBefore);
      expect(presence.sweep()).toEqual([]);
      advance(at - justBefore);
      expect(presence.sweep()).toEqual([
        { channel: 'bids', action: 'timeout', uuid: 'alice', occupancy: 0 },
      ]);
      expect(presence.sweep()).toEqual([]);
      expect(presence.hereNow('bids')).toEqual({ occupancy: 0, uuids: [] });
    },
  );

  it("times each uuid out after its own timeout, remembered from its last heartbeat's value", () => {
    const { presence, advance } = presenceAt();
    presence.heartbeat('alice', ['bids'], 20);
    presence.heartbeat('bob', ['bids'], 60);
    presence.heartbeat('carol', ['bids']);
    advance(10);
    // No value: alice keeps her 20 s, counted from now.
    presence.heartbeat('alice', ['bids']);
    advance(20);
    expect(presence.sweep()).toEqual([
      { channel: 'bids', action: 'timeout', uuid: 'alice', occupancy: 2 },
    ]);
    advance(30);
    expect(presence.sweep()).toEqual([
      { channel: 'bids', action: 'timeout', uuid: 'bob', occupancy: 1 },
    ]);
    advance(239);
    expect(presence.sweep()).toEqual([]);
    advance(1);
    expect(presence.sweep()).toEqual([
      { channel: 'bids', action: 'timeout', uuid: 'carol', occupancy: 0 },
    ]);
  });

  it('times a uuid out of every channel it stopped beating on', () => {
    const { presence, advance } = presenceAt();
    presence.heartbeat('alice', ['bids', 'lots'], 30);
    presence.heartbeat('bob', ['lots'], 300);
    advance(30);
    expect(presence.sweep()).toEqual([
      { channel: 'bids', action: 'timeout', uuid: 'alice', occupancy: 0 },
      { channel: 'lots', action: 'timeout', uuid: 'alice', occupancy: 1 },
    ]);
    expect(presence.hereNow('lots')).toEqual({ occupancy: 1, uuids: ['bob'] });
  });
});

describe('hereNow', () => {
  it('answers occupancy and uuids in joining order', () => {
    const { presence } = presenceAt();
    presence.heartbeat('alice', ['bids']);
    presence.heartbeat('bob', ['bids', 'lots']);
    presence.heartbeat('carol', ['bids']);
    expect(presence.hereNow('bids')).toEqual({ occupancy: 3, uuids: ['alice', 'bob', 'carol'] });
    expect(presence.hereNow('lots')).toEqual({ occupancy: 1, uuids: ['bob'] });
    expect(presence.hereNow('unknown')).toEqual({ occupancy: 0, uuids: [] });
  });
});

describe('whereNow and occupiedChannels', () => {
  it('answer where each uuid is and which channels have anyone', () => {
    const { presence } = presenceAt();
    presence.heartbeat('alice', ['bids', 'lots']);
    presence.heartbeat('bob', ['sales']);
    presence.leave('bob', ['sales']);
    expect(presence.whereNow('alice')).toEqual(['bids', 'lots']);
    expect(presence.whereNow('bob')).toEqual([]);
    expect(presence.occupiedChannels()).toEqual(['bids', 'lots']);
  });
});

describe('state', () => {
  it('is kept per uuid per channel, and announced when it changes', () => {
    const { presence } = presenceAt();
    presence.heartbeat('alice', ['bids', 'lots']);
    expect(presence.setState('alice', ['bids', 'lots'], { paddle: 7 })).toEqual([
      {
        channel: 'bids',
        action: 'state-change',
        uuid: 'alice',
        occupancy: 1,
        state: { paddle: 7 },
      },
      {
        channel: 'lots',
        action: 'state-change',
        uuid: 'alice',
        occupancy: 1,
        state: { paddle: 7 },
      },
    ]);
    expect(presence.setState('alice', ['bids'], { paddle: 7 })).toEqual([]);
    expect(presence.setState('alice', ['bids'], { paddle: 8 })).toHaveLength(1);
    expect(presence.stateOf('alice', 'bids')).toEqual({ paddle: 8 });
    expect(presence.stateOf('alice', 'lots')).toEqual({ paddle: 7 });
    expect(presence.stateOf('bob', 'bids')).toEqual({});
  });

  it.each(['leave', 'timeout'])('goes with the uuid on %s', (how) => {
    const { presence, advance } = presenceAt();
    presence.heartbeat('alice', ['bids'], 20);
    presence.setState('alice', ['bids'], { paddle: 7 });
    if (how === 'leave') presence.leave('alice', ['bids']);
    else {
      advance(20);
      presence.sweep();
    }
    expect(presence.stateOf('alice', 'bids')).toEqual({});
  });
});
