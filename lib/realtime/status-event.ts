import type { ConnectionEvent } from './connection-state';

/** The part of the SDK's status event the connection decides on (strings, so no SDK import). */
export interface SdkStatus {
  category: string;
  /** For failures, the category of the underlying error (e.g. a 403's). */
  error?: unknown;
  currentTimetoken?: string | number;
}

const accessDenied = 'PNAccessDeniedCategory';

/** Every way the SDK reports that the subscription stopped without being asked to. */
const lostCategories = new Set([
  'PNDisconnectedUnexpectedlyCategory',
  'PNConnectionErrorCategory',
  'PNNetworkIssuesCategory',
  'PNTimeoutCategory',
]);

/**
 * Translates a status event into the connection's vocabulary; `null` for the ones it ignores
 * (a requested disconnect, a subscription change, errors of other operations).
 * `lastSeen` is the newest timetoken the store holds at that moment.
 */
export function connectionEventFromStatus(
  status: SdkStatus,
  lastSeen: string | null,
): ConnectionEvent | null {
  switch (status.category) {
    case 'PNConnectedCategory':
    case 'PNReconnectedCategory':
      return {
        type: 'connected',
        cursor: status.currentTimetoken ? String(status.currentTimetoken) : null,
      };
    case 'PNNetworkDownCategory':
      return { type: 'network-down', lastSeen };
    case 'PNNetworkUpCategory':
      return { type: 'network-up' };
    case accessDenied:
      // SDK 12 sends it for a refused presence heartbeat, which carries the subscription's token.
      return { type: 'denied', lastSeen };
  }
  if (!lostCategories.has(status.category)) return null;
  // SDK 12 reports a refused subscribe (403) as a connection error whose `error` says so;
  // retrying it would only be refused again.
  return status.error === accessDenied ? { type: 'denied', lastSeen } : { type: 'lost', lastSeen };
}
