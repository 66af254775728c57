export type PresenceAction = 'join' | 'leave' | 'timeout';

export interface PresenceEvent {
  channel: string;
  action: PresenceAction;
  uuid: string;
  occupancy: number;
}

/**
 * Who is on which channel, each uuid until its own timeout from its last heartbeat (the event
 * engine sends no `heartbeat` parameter on subscribe: the last heartbeat's value is remembered).
 */
export function createPresence(now: () => number = Date.now) {
  // channel → uuid → expiry (ms)
  const members = new Map<string, Map<string, number>>();
  const timeouts = new Map<string, number>();

  const occupancy = (channel: string) => members.get(channel)?.size ?? 0;

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
      const events: PresenceEvent[] = [];
      for (const channel of channels) {
        if (members.get(channel)?.delete(uuid)) {
          events.push({ channel, action: 'leave', uuid, occupancy: occupancy(channel) });
        }
      }
      return events;
    },

    /** Removes every uuid whose heartbeat is overdue; returns the timeouts. */
    sweep(): PresenceEvent[] {
      const events: PresenceEvent[] = [];
      const time = now();
      for (const [channel, channelMembers] of members) {
        for (const [uuid, expiresAt] of channelMembers) {
          if (expiresAt > time) continue;
          channelMembers.delete(uuid);
          events.push({ channel, action: 'timeout', uuid, occupancy: occupancy(channel) });
        }
      }
      return events;
    },

    hereNow(channel: string): { occupancy: number; uuids: string[] } {
      const uuids = [...(members.get(channel)?.keys() ?? [])];
      return { occupancy: uuids.length, uuids };
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
