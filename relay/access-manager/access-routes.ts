// Access Manager in the relay (docs/product-contract.md §16), when it runs with a secret key: the
// grant endpoint mints tokens for a request signed with the secret key, and every other call needs
// either that signature or a token that grants it, else 403 as PubNub answers.
import type { ServerResponse } from 'node:http';
import { json, readBody } from '../http.ts';
import type { RelayRequest } from '../relay-context.ts';
import { readGrant } from './grant.ts';
import { checkSignature } from './signature.ts';
import { mintToken, readToken, tokenAllows } from './tokens.ts';
import { whatACallNeeds } from './what-a-call-needs.ts';

export interface AccessKeys {
  subscribeKey: string;
  publishKey: string;
  secretKey: string;
}

const service = 'Access Manager';
const maxGrantBytes = 32 * 1024;

function pamError(response: ServerResponse, status: number, message: string) {
  json(response, status, { error: { message, source: 'grant', details: [] }, service, status });
}

/** Refused as PubNub refuses: the channels the caller may not use, when there are some. */
export function forbiddenChannels(response: ServerResponse, channels: string[]) {
  json(response, 403, {
    status: 403,
    error: true,
    message: 'Forbidden',
    payload: { channels },
    service,
  });
}

const seconds = (now: () => number) => Math.floor(now() / 1000);

/** POST /v3/pam/{sub}/grant, and DELETE /v3/pam/{sub}/grant/{token} (revoke). */
export async function grantCall(
  keys: AccessKeys,
  revoked: Set<string>,
  now: () => number,
  { request, response, url, segments }: RelayRequest,
) {
  const [, , subscribeKey, endpoint, token] = segments;
  if (subscribeKey !== keys.subscribeKey || endpoint !== 'grant')
    return pamError(response, 400, 'Invalid Subscribe Key');
  const body = request.method === 'POST' ? await readBody(request, maxGrantBytes) : Buffer.alloc(0);
  if (body === null) return pamError(response, 413, 'Request body too large');
  const signed = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams };
  const signature = checkSignature({ ...signed, body: body.toString('utf8') }, keys, seconds(now));
  if (signature === 'stale')
    return pamError(response, 403, 'Request timestamp is not within the window');
  if (signature !== 'valid') return pamError(response, 403, 'Signature does not match');
  if (request.method === 'DELETE' && token !== undefined) {
    revoked.add(decodeURIComponent(token));
    return json(response, 200, { data: { message: 'Success' }, service, status: 200 });
  }
  if (request.method !== 'POST') return pamError(response, 405, 'Method not allowed');
  const grant = readGrant(body.toString('utf8'), seconds(now));
  if (!grant.ok) return pamError(response, 400, grant.message);
  const minted = mintToken(grant.content, keys.secretKey);
  json(response, 200, { data: { message: 'Success', token: minted }, service, status: 200 });
}

/**
 * Whether a call may go on: true, or false once it has been answered 403. The secret key's
 * signature allows everything; a token allows what it grants, unexpired, not revoked, for its uuid.
 */
export function admitCall(
  keys: AccessKeys,
  revoked: ReadonlySet<string>,
  now: () => number,
  { request, response, url, segments }: RelayRequest,
): boolean {
  const need = whatACallNeeds(request.method ?? 'GET', segments);
  if (need === null) return true;
  // A GET carries no body; a signed POST other than the grant is not taken here (the SDK signs
  // its publishes as GETs unless told to send them by POST).
  const signed = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    body: '',
  };
  if (url.searchParams.has('signature')) {
    if (checkSignature(signed, keys, seconds(now)) === 'valid') return true;
    forbiddenChannels(response, need.channels);
    return false;
  }
  const auth = url.searchParams.get('auth');
  const content = auth === null || revoked.has(auth) ? null : readToken(auth, keys.secretKey);
  const uuid = url.searchParams.get('uuid');
  const denied =
    content === null
      ? need.channels
      : need.channels.filter(
          (channel) =>
            !tokenAllows(content, { channel, permission: need.permission, uuid }, seconds(now)),
        );
  // A call naming no channel (where-now) needs a valid token all the same.
  if (content !== null && denied.length === 0) return true;
  forbiddenChannels(response, denied);
  return false;
}
