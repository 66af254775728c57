/** @jest-environment node */
import type { ConnectionEvent } from './connection-state';
import { connectionEventFromStatus, type SdkStatus } from './status-event';

const lastSeen = '17952888500000000';

describe('connectionEventFromStatus', () => {
  it.each<[SdkStatus, ConnectionEvent | null]>([
    [
      { category: 'PNConnectedCategory', currentTimetoken: '17952888000000000' },
      { type: 'connected', cursor: '17952888000000000' },
    ],
    [
      { category: 'PNReconnectedCategory', currentTimetoken: 17952888000000 },
      { type: 'connected', cursor: '17952888000000' },
    ],
    [{ category: 'PNConnectedCategory' }, { type: 'connected', cursor: null }],
    [{ category: 'PNNetworkDownCategory' }, { type: 'network-down', lastSeen }],
    [{ category: 'PNNetworkUpCategory' }, { type: 'network-up' }],
    // What SDK 12 sends for a 403 on a presence heartbeat, on the handshake, on the long-poll.
    [
      { category: 'PNAccessDeniedCategory', error: true },
      { type: 'denied', lastSeen },
    ],
    [
      { category: 'PNConnectionErrorCategory', error: 'PNAccessDeniedCategory' },
      { type: 'denied', lastSeen },
    ],
    [
      { category: 'PNDisconnectedUnexpectedlyCategory', error: 'PNAccessDeniedCategory' },
      { type: 'denied', lastSeen },
    ],
    [
      { category: 'PNDisconnectedUnexpectedlyCategory', error: 'PNNetworkIssuesCategory' },
      { type: 'lost', lastSeen },
    ],
    [
      { category: 'PNConnectionErrorCategory', error: 'PNNetworkIssuesCategory' },
      { type: 'lost', lastSeen },
    ],
    [
      { category: 'PNNetworkIssuesCategory', error: true },
      { type: 'lost', lastSeen },
    ],
    [{ category: 'PNTimeoutCategory' }, { type: 'lost', lastSeen }],
    [{ category: 'PNDisconnectedCategory' }, null],
    [{ category: 'PNSubscriptionChangedCategory' }, null],
    [{ category: 'PNBadRequestCategory', error: 'PNAccessDeniedCategory' }, null],
    [{ category: 'PNUnknownCategory' }, null],
  ])('%o → %o', (status, event) => {
    expect(connectionEventFromStatus(status, lastSeen)).toEqual(event);
  });
});
