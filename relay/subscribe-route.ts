// Subscribe: the handshake and the long-poll (GET /v2/subscribe/{sub}/{channels}/0).
import { needsChannelGroups } from './channel-groups.ts';
import { badRequest, forbidden, json, notSupported, optionalNumber } from './http.ts';
import { applyStates, stateByChannel } from './presence-state.ts';
import { isPresenceChannel, parseChannels, toEnvelope } from './protocol.ts';
import type { RelayContext, RelayRequest } from './relay-context.ts';
import { isTimetoken } from './timetokens.ts';

export function subscribe(
  context: RelayContext,
  { request, response, url, segments }: RelayRequest,
) {
  const [, , subscribeKey, channelSegment = ','] = segments;
  if (subscribeKey !== context.subscribeKey) return forbidden(response);
  const channels = parseChannels(channelSegment);
  const uuid = url.searchParams.get('uuid') ?? 'anonymous';
  if (needsChannelGroups(url, channels, context.presence.whereNow(uuid)))
    return notSupported(response, 'Channel groups', 'Subscribe');
  // PubNub filters on the server; delivering unfiltered would hand the client what it excluded.
  if (url.searchParams.get('filter-expr'))
    return notSupported(response, 'Subscribe filters (filter-expr)', 'Subscribe');
  const states = stateByChannel(url);
  if (states === null)
    return badRequest(response, 'Invalid state: it must be a JSON object', 'Subscribe');

  const tt = url.searchParams.get('tt');
  const watched = channels.filter((channel) => !isPresenceChannel(channel));
  const isHandshake = !isTimetoken(tt) || tt === '0';
  // Allocate the handshake's cursor before recording the join, so the subscriber sees its own.
  const cursor = isHandshake ? context.clock.next() : tt;
  // An open subscription keeps its uuid present, as with PubNub.
  const { presence } = context;
  context.publishPresence(presence.heartbeat(uuid, watched, optionalNumber(url, 'heartbeat')));
  applyStates(context, uuid, watched, states);
  if (isHandshake) return json(response, 200, { t: { t: cursor, r: 1 }, m: [] });

  context.longPolls.wait({
    request,
    channels,
    after: cursor,
    timeoutMs: context.longPollMs,
    answer: (next, messages) =>
      json(response, 200, {
        t: { t: next, r: 1 },
        m: messages.map((message) => toEnvelope(message, context.subscribeKey)),
      }),
  });
}
