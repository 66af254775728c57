// Presence: heartbeat, leave, here-now, where-now and presence state, under
// /v2/presence/sub-key/{sub}. https://www.pubnub.com/docs/sdks/rest-api/presence-basics
import type { ServerResponse } from 'node:http';
import { needsChannelGroups, onlyGroups } from './channel-groups.ts';
import { badRequest, forbidden, json, notSupported, optionalNumber, unknownPath } from './http.ts';
import { applyStates, getState, setState, stateByChannel } from './presence-state.ts';
import { isPresenceChannel, parseChannels } from './protocol.ts';
import type { RelayContext, RelayRequest } from './relay-context.ts';

const ok = { status: 200, message: 'OK' };
const refuseGroups = (response: ServerResponse) =>
  notSupported(response, 'Channel groups', 'Presence');

export function presenceCall(context: RelayContext, { response, url, segments }: RelayRequest) {
  const [, , , subscribeKey, kind, name = ',', action, target, data] = segments;
  if (subscribeKey !== context.subscribeKey) return forbidden(response);
  const uuid = url.searchParams.get('uuid') ?? 'anonymous';
  const { presence } = context;
  if (kind === undefined) {
    if (needsChannelGroups(url, [])) return refuseGroups(response);
    return hereNow(context, response, url, presence.occupiedChannels());
  }
  // https://www.pubnub.com/docs/sdks/rest-api/check-where-user-is-present
  if (kind === 'uuid' && action === undefined) {
    const channels = presence.whereNow(decodeURIComponent(name));
    return json(response, 200, { ...ok, payload: { channels }, service: 'Presence' });
  }
  if (kind !== 'channel') return unknownPath(response, url.pathname);

  const channels = parseChannels(name).filter((channel) => !isPresenceChannel(channel));
  if (action === 'heartbeat' || action === 'leave') {
    if (onlyGroups(url, channels)) return refuseGroups(response);
  } else if (needsChannelGroups(url, channels, presence.whereNow(uuid))) {
    return refuseGroups(response);
  }
  if (action === 'heartbeat') {
    const states = stateByChannel(url);
    if (states === null) return badRequest(response, 'Invalid state', 'Presence');
    context.publishPresence(presence.heartbeat(uuid, channels, optionalNumber(url, 'heartbeat')));
    applyStates(context, uuid, channels, states);
    return json(response, 200, { ...ok, service: 'Presence' });
  }
  if (action === 'leave') {
    context.publishPresence(presence.leave(uuid, channels));
    return json(response, 200, { ...ok, action: 'leave', service: 'Presence' });
  }
  if (action === 'uuid' && target !== undefined) {
    const stateUuid = decodeURIComponent(target);
    if (data === 'data') return setState(context, response, url, stateUuid, channels);
    if (data === undefined) return getState(context, response, stateUuid, channels);
  }
  if (action === undefined) return hereNow(context, response, url, channels, channels.length === 1);
  return unknownPath(response, url.pathname);
}

/**
 * Here-now: one channel answers at the top level, several (or none named: every occupied
 * channel) under `payload`. https://www.pubnub.com/docs/sdks/rest-api/check-present-users
 */
function hereNow(
  { presence }: RelayContext,
  response: ServerResponse,
  url: URL,
  channels: string[],
  single = false,
) {
  const withUuids = url.searchParams.get('disable_uuids') !== '1';
  const withState = url.searchParams.get('state') === '1';
  const entry = (channel: string) => {
    const { occupancy, uuids } = presence.hereNow(channel);
    if (!withUuids) return { occupancy };
    if (!withState) return { occupancy, uuids };
    return {
      occupancy,
      uuids: uuids.map((uuid) => {
        const state = presence.stateOf(uuid, channel);
        return Object.keys(state).length > 0 ? { uuid, state } : { uuid };
      }),
    };
  };
  if (single) return json(response, 200, { ...ok, ...entry(channels[0]!), service: 'Presence' });
  const perChannel = Object.fromEntries(channels.map((channel) => [channel, entry(channel)]));
  return json(response, 200, {
    ...ok,
    payload: {
      channels: perChannel,
      total_channels: channels.length,
      total_occupancy: Object.values(perChannel).reduce((sum, { occupancy }) => sum + occupancy, 0),
    },
    service: 'Presence',
  });
}
