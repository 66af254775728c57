// Channel groups are not implemented: a request that names one is refused, except for the
// echoes the JS SDK (v12) sends. After a manual `reconnect()` its presence engine passes the
// subscribed channel names as groups too (`channel-group=bids` beside channel `bids`) on heartbeat
// and leave: those name channels, not groups, and must keep working.
import { listParameter } from './http.ts';
import { isPresenceChannel } from './protocol.ts';

/** The `channel-group` names of the request. */
export const requestedGroups = (url: URL): string[] => listParameter(url, 'channel-group');

/**
 * True when the request needs real channel groups: it names groups and no channels, or a group
 * that is not the name of a channel it names or the uuid is on (`knownChannels`).
 */
export function needsChannelGroups(url: URL, channels: string[], knownChannels: string[] = []) {
  const groups = requestedGroups(url);
  if (groups.length === 0) return false;
  if (channels.length === 0) return true;
  const known = new Set([...channels, ...knownChannels]);
  return groups.some(
    (group) => !known.has(group) && !(isPresenceChannel(group) && known.has(group.slice(0, -7))),
  );
}

/** Heartbeat and leave take echoes of any name: only a request of groups alone is refused. */
export const onlyGroups = (url: URL, channels: string[]) =>
  channels.length === 0 && requestedGroups(url).length > 0;
