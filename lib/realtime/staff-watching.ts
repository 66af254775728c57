// Staff watching `bids` (docs/product-contract.md §6.4): PubNub's occupancy counts every
// subscriber, and the console's own recorder (§13) subscribes too. It is not staff: the count
// leaves it out. Pure, so what a presence event or a here-now answer means is table-tested.
import { recorderUserId } from './realtime-config';

export interface WatchingState {
  /** Whether the recorder is among the subscribers, as far as the events said. */
  recorderHere: boolean;
}

/** What a presence event says of who is here (join, leave, timeout, or an interval's lists). */
export interface PresenceNews {
  action?: string;
  uuid?: string;
  join?: readonly string[];
  leave?: readonly string[];
  timeout?: readonly string[];
}

/** The recorder's presence after an event. */
export function afterPresence(state: WatchingState, event: PresenceNews): WatchingState {
  if (event.uuid === recorderUserId) {
    if (event.action === 'join') return { recorderHere: true };
    if (event.action === 'leave' || event.action === 'timeout') return { recorderHere: false };
  }
  if (event.join?.includes(recorderUserId)) return { recorderHere: true };
  if (event.leave?.includes(recorderUserId) || event.timeout?.includes(recorderUserId))
    return { recorderHere: false };
  return state;
}

/** Staff watching: the occupancy without the recorder. */
export const staffWatching = (occupancy: number, state: WatchingState): number =>
  Math.max(0, occupancy - (state.recorderHere ? 1 : 0));

/** From a here-now answer's list of who is present. */
export function staffInList(uuids: readonly (string | { uuid: string })[]): number {
  return uuids.filter(
    (entry) => (typeof entry === 'string' ? entry : entry.uuid) !== recorderUserId,
  ).length;
}
