export type PresenceAction = 'join' | 'leave' | 'timeout' | 'state-change';

export interface PresenceEvent {
  channel: string;
  action: PresenceAction;
  uuid: string;
  occupancy: number;
  /** The new state, on a state change. */
  state?: Record<string, unknown>;
}

export type PresenceState = Record<string, unknown>;

/**
 * Who is on which channel, each uuid until its own timeout from its last heartbeat (the event
 * engine sends no `heartbeat` parameter on subscribe: the last heartbeat's value is remembered),
 * and the state each uuid set on each channel, which lasts as long as its presence there.
 */
export function createPresence(now: () => number = Date.now) {
  // channel → uuid → expiry (ms)
  const members = new Map<string, Map<string, number>>();
  // channel → uuid → state
  const states = new Map<string, Map<string, PresenceState>>();
  const timeouts = new Map<string, number>();

  const occupancy = (channel: string) => members.get(channel)?.size ?? 0;

  function gone(uuid: string, channel: string, action: PresenceAction): PresenceEvent {
    states.get(channel)?.delete(uuid);
    return { channel, action, uuid, occupancy: occupancy(channel) };
  }

  return {
    /** Marks the uuid present on each channel; returns the joins this caused. */
    heartbeat(uuid: string, channels: string[], timeoutSeconds?: number): PresenceEvent[] {
      if (timeoutSeconds !== undefined) timeouts.set(uuid, timeoutSeconds);
      const expiresAt = now() + (timeouts.get(uuid) ?? 300) * 1000;
      const events: PresenceEvent[] = [];
      for (const channel of channels) {
        let channelMembers = members.get(channel);
        if (!channelMembers) members.set(channel, (channelMembers = new Map()));
        const isNew = !channelMembers.has(uuid);
        channelMembers.set(uuid, expiresAt);
        if (isNew) events.push({ channel, action: 'join', uuid, occupancy: occupancy(channel) });
      }
      return events;
    },

    leave(uuid: string, channels: string[]): PresenceEvent[] {
      return channels
        .filter((channel) => members.get(channel)?.delete(uuid))
        .map((channel) => gone(uuid, channel, 'leave'));
    },

    /** Removes every uuid whose heartbeat is overdue; returns the timeouts. */
    sweep(): PresenceEvent[] {
      const events: PresenceEvent[] = [];
      const time = now();
      for (const [channel, channelMembers] of members) {
        for (const [uuid, expiresAt] of channelMembers) {
          if (expiresAt > time) continue;
          channelMembers.delete(uuid);
          events.push(gone(uuid, channel, 'timeout'));
        }
      }
      return events;
    },

    hereNow(channel: string): { occupancy: number; uuids: string[] } {
      const uuids = [...(members.get(channel)?.keys() ?? [])];
      return { occupancy: uuids.length, uuids };
    },

    /** The channels with anyone on them, for a here-now without channels. */
    occupiedChannels(): string[] {
      return [...members].filter(([, uuids]) => uuids.size > 0).map(([channel]) => channel);
    },

    /** The channels the uuid is present on. */
    whereNow(uuid: string): string[] {
      return [...members].filter(([, uuids]) => uuids.has(uuid)).map(([channel]) => channel);
    },

    /** Replaces the uuid's state on each channel; returns a state change where it differs. */
    setState(uuid: string, channels: string[], state: PresenceState): PresenceEvent[] {
      const events: PresenceEvent[] = [];
      for (const channel of channels) {
        let channelStates = states.get(channel);
        if (!channelStates) states.set(channel, (channelStates = new Map()));
        const before = channelStates.get(uuid);
        channelStates.set(uuid, state);
        if (JSON.stringify(before ?? {}) === JSON.stringify(state)) continue;
        events.push({
          channel,
          action: 'state-change',
          uuid,
          occupancy: occupancy(channel),
          state,
        });
      }
      return events;
    },

    /** The uuid's state on the channel; `{}` when it set none. */
    stateOf(uuid: string, channel: string): PresenceState {
      return states.get(channel)?.get(uuid) ?? {};
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
