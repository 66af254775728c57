// Message Persistence under /v3/history/sub-key/{sub}: fetch, delete, message counts.
import type { ServerResponse } from 'node:http';
import type { TimetokenRange } from './channel-log.ts';
import { badRequest, forbidden, json, unknownPath } from './http.ts';
import { parseChannels } from './protocol.ts';
import type { RelayContext, RelayRequest } from './relay-context.ts';
import { isTimetoken } from './timetokens.ts';

const service = 'Message Persistence';
const success = { status: 200, error: false, error_message: '' };

function range(url: URL): TimetokenRange {
  const start = url.searchParams.get('start');
  const end = url.searchParams.get('end');
  return { start: isTimetoken(start) ? start : undefined, end: isTimetoken(end) ? end : undefined };
}

export function historyCall(
  context: RelayContext,
  { request, response, url, segments }: RelayRequest,
) {
  const [, , , subscribeKey, kind, channelSegment = ''] = segments;
  if (subscribeKey !== context.subscribeKey) return forbidden(response);
  const channels = parseChannels(channelSegment);
  if (kind === 'message-counts' && request.method === 'GET')
    return messageCounts(context, response, url, channels);
  if (kind === 'channel' && request.method === 'GET')
    return fetchMessages(context, response, url, channels);
  if (kind === 'channel' && request.method === 'DELETE')
    return deleteMessages(context, response, url, channels);
  return unknownPath(response, url.pathname);
}

/** https://www.pubnub.com/docs/sdks/rest-api/get-message-history */
function fetchMessages(
  { log }: RelayContext,
  response: ServerResponse,
  url: URL,
  channels: string[],
) {
  const ceiling = channels.length > 1 ? 25 : 100;
  const max = Math.min(
    ceiling,
    Math.max(1, Number(url.searchParams.get('max') ?? ceiling) || ceiling),
  );
  const included = (name: string) => url.searchParams.get(name) === 'true';
  const answer = Object.fromEntries(
    channels.map((channel) => [
      channel,
      log.history(channel, { ...range(url), max }).map((message) => ({
        message: message.payload,
        timetoken: message.timetoken,
        ...(url.searchParams.get('include_uuid') === 'false' ? {} : { uuid: message.publisher }),
        ...(url.searchParams.get('include_message_type') === 'false' ? {} : { message_type: null }),
        ...(included('include_meta') && message.meta !== undefined ? { meta: message.meta } : {}),
        ...(included('include_custom_message_type') && message.customType !== undefined
          ? { custom_message_type: message.customType }
          : {}),
      })),
    ]),
  );
  return json(response, 200, { ...success, channels: answer });
}

/**
 * Deletes `end` (inclusive, older) up to `start` (exclusive, newer); either bound may be left
 * out. https://www.pubnub.com/docs/sdks/rest-api/delete-message-history
 */
function deleteMessages(
  { log, store }: RelayContext,
  response: ServerResponse,
  url: URL,
  channels: string[],
) {
  if (channels.length === 0) return badRequest(response, 'Give a channel', service);
  for (const channel of channels) if (log.remove(channel, range(url)) > 0) store?.rewrite(channel);
  return json(response, 200, success);
}

/**
 * Stored messages newer than a timetoken (exclusive), one for all channels (`timetoken`) or one
 * per channel (`channelsTimetoken`). https://www.pubnub.com/docs/sdks/rest-api/get-message-count
 */
function messageCounts(
  { log }: RelayContext,
  response: ServerResponse,
  url: URL,
  channels: string[],
) {
  const single = url.searchParams.get('timetoken');
  const perChannel = url.searchParams.get('channelsTimetoken');
  if ((single === null) === (perChannel === null))
    return badRequest(response, 'Give either timetoken or channelsTimetoken', service);
  const timetokens = single !== null ? channels.map(() => single) : perChannel!.split(',');
  if (timetokens.length !== channels.length || !timetokens.every(isTimetoken))
    return badRequest(response, 'Give one valid timetoken per channel', service);
  const counts = Object.fromEntries(
    channels.map((channel, index) => [
      channel,
      Math.min(10_000, log.countAfter(channel, timetokens[index]!)),
    ]),
  );
  return json(response, 200, { ...success, channels: counts, more: {} });
}
