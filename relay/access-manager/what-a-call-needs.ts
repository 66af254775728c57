// Which channels a call of the PubNub protocol touches, and with which permission, as Access
// Manager checks them (docs/product-contract.md §16). Pure: from the path's segments alone.
import { parseChannels } from '../protocol.ts';
import type { Permission } from './tokens.ts';

export interface Need {
  channels: string[];
  permission: Permission;
}

/** What a call needs; null for a call that needs no grant (time, health, the grant itself). */
export function whatACallNeeds(method: string, segments: readonly string[]): Need | null {
  const [first, second] = segments;
  // /v2/subscribe/{sub}/{channels}/0: read on every channel, presence channels included.
  if (first === 'v2' && second === 'subscribe')
    return { channels: parseChannels(segments[3] ?? ','), permission: 'read' };
  // /publish/{pub}/{sub}/0/{channel}/0/{payload}
  if (first === 'publish')
    return { channels: parseChannels(segments[4] ?? ''), permission: 'write' };
  // /v2/presence/sub-key/{sub}/channel/{channels}[/heartbeat|leave|uuid/…]; where-now names a uuid.
  if (first === 'v2' && second === 'presence')
    return segments[4] === 'channel'
      ? { channels: parseChannels(segments[5] ?? ','), permission: 'read' }
      : { channels: [], permission: 'read' };
  // /v3/history/sub-key/{sub}/channel|message-counts|history-with-actions/{channels}
  // Deleting history needs `delete`.
  if (first === 'v3' && second === 'history')
    return {
      channels: parseChannels(segments[5] ?? ''),
      permission: method === 'DELETE' ? 'delete' : 'read',
    };
  return null;
}
