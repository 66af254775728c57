// Presence state: a JSON object per uuid per channel, kept in memory while the uuid is present.
// Set and read by its own endpoints, and by `state=` on subscribe and heartbeat.
// https://www.pubnub.com/docs/sdks/rest-api/set-user-state
// https://www.pubnub.com/docs/sdks/rest-api/get-user-state
import type { ServerResponse } from 'node:http';
import { badRequest, json } from './http.ts';
import type { PresenceState } from './presence.ts';
import type { RelayContext } from './relay-context.ts';

const isObject = (value: unknown): value is PresenceState =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string | null): PresenceState | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * `state=` on subscribe and heartbeat, `{channel: state}`: undefined when absent, null when not
 * a JSON object (refused).
 */
export function stateByChannel(url: URL): Record<string, unknown> | null | undefined {
  const text = url.searchParams.get('state');
  return text === null ? undefined : parseObject(text);
}

/** Sets the states the request carried for its channels, announcing the changes. */
export function applyStates(
  context: RelayContext,
  uuid: string,
  channels: string[],
  states: Record<string, unknown> | undefined,
) {
  for (const channel of channels) {
    const state = states?.[channel];
    if (isObject(state)) context.publishPresence(context.presence.setState(uuid, [channel], state));
  }
}

const invalidState = (response: ServerResponse) =>
  badRequest(response, 'Invalid state: it must be a JSON object', 'Presence');

/** GET .../channel/{channels}/uuid/{uuid}/data?state={json}: the same state on every channel. */
export function setState(
  context: RelayContext,
  response: ServerResponse,
  url: URL,
  uuid: string,
  channels: string[],
) {
  const state = parseObject(url.searchParams.get('state'));
  if (!state || channels.length === 0) return invalidState(response);
  context.publishPresence(context.presence.setState(uuid, channels, state));
  return json(response, 200, { status: 200, message: 'OK', payload: state, service: 'Presence' });
}

/** GET .../channel/{channels}/uuid/{uuid}: one channel's state, or a map of several. */
export function getState(
  context: RelayContext,
  response: ServerResponse,
  uuid: string,
  channels: string[],
) {
  const { presence } = context;
  if (channels.length === 1) {
    const [channel] = channels as [string];
    return json(response, 200, {
      status: 200,
      message: 'OK',
      payload: presence.stateOf(uuid, channel),
      uuid,
      channel,
      service: 'Presence',
    });
  }
  const states = Object.fromEntries(channels.map((ch) => [ch, presence.stateOf(uuid, ch)]));
  return json(response, 200, {
    status: 200,
    message: 'OK',
    payload: { channels: states },
    uuid,
    service: 'Presence',
  });
}
