// Publish, by GET (payload in the path) or POST (payload in the body, maybe compressed).
// https://www.pubnub.com/docs/sdks/rest-api/publish-message-to-channel
import { forbidden, json, readBody } from './http.ts';
import { maxPublishBytes } from './protocol.ts';
import type { RelayContext, RelayRequest } from './relay-context.ts';

const isTrue = (value: string | null) => value === '1' || value === 'true';

export async function publish(
  context: RelayContext,
  { request, response, url, segments }: RelayRequest,
) {
  const [, publishKey, subscribeKey, , channelSegment = '', , ...payloadSegments] = segments;
  if (publishKey !== context.publishKey || subscribeKey !== context.subscribeKey) {
    return forbidden(response);
  }
  const { clock } = context;
  let text: string;
  if (request.method === 'POST') {
    let body: Buffer | null;
    try {
      body = await readBody(request, maxPublishBytes);
    } catch {
      return json(response, 400, [0, 'Invalid Body', clock.current()]);
    }
    if (body === null) return json(response, 413, [0, 'Message Too Large', clock.current()]);
    text = body.toString('utf8');
  } else {
    try {
      text = decodeURIComponent(payloadSegments.join('/'));
    } catch {
      return json(response, 400, [0, 'Invalid JSON', clock.current()]);
    }
  }
  if (Buffer.byteLength(text) > maxPublishBytes)
    return json(response, 413, [0, 'Message Too Large', clock.current()]);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return json(response, 400, [0, 'Invalid JSON', clock.current()]);
  }
  const stored = url.searchParams.get('store') !== '0';
  // Fire (`store=0&norep=1`): PubNub hands it to Functions only, never to subscribers or
  // history. The relay runs no Functions, so it is accepted and goes nowhere.
  if (!stored && isTrue(url.searchParams.get('norep')))
    return json(response, 200, [1, 'Sent', clock.next()]);
  const metaText = url.searchParams.get('meta');
  let meta: unknown;
  try {
    meta = metaText ? JSON.parse(metaText) : undefined;
  } catch {
    meta = undefined;
  }
  const timetoken = context.append({
    channel: decodeURIComponent(channelSegment),
    payload,
    publisher: url.searchParams.get('uuid') ?? 'anonymous',
    meta,
    customType: url.searchParams.get('custom_message_type') ?? undefined,
    stored,
  });
  return json(response, 200, [1, 'Sent', timetoken]);
}
