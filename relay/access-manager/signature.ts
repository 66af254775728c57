// PubNub's request signature, version 2 (docs/product-contract.md §16): HMAC-SHA256 with the
// secret key over the method, the publish key, the path, the sorted query without `signature`
// and a POST's body, base64url without padding, prefixed `v2.`. A signed request carries
// `timestamp` (seconds), accepted within a minute of the relay's clock.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureWindowSeconds = 60;

/** The SDK's query encoding: encodeURIComponent, with !~*'() escaped too. */
const encodeValue = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!~*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export interface SignedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export function requestSignature(
  request: SignedRequest,
  keys: { publishKey: string; secretKey: string },
): string {
  // The SDK signs a publish as a GET whatever method carried it.
  const method = request.path.startsWith('/publish') ? 'GET' : request.method;
  const query = [...request.query.entries()]
    .filter(([key]) => key !== 'signature')
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${encodeValue(value)}`)
    .join('&');
  const body = method === 'POST' || method === 'PATCH' ? request.body : '';
  const input = `${method}\n${keys.publishKey}\n${request.path}\n${query}\n${body}`;
  const hash = createHmac('sha256', keys.secretKey).update(input).digest('base64');
  return `v2.${hash.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

export type SignatureCheck = 'valid' | 'absent' | 'stale' | 'wrong';

/** Whether a request is signed with the secret key, within the window of `nowSeconds`. */
export function checkSignature(
  request: SignedRequest,
  keys: { publishKey: string; secretKey: string },
  nowSeconds: number,
): SignatureCheck {
  const signature = request.query.get('signature');
  if (signature === null) return 'absent';
  const timestamp = Number(request.query.get('timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > signatureWindowSeconds)
    return 'stale';
  const expected = Buffer.from(requestSignature(request, keys));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? 'valid' : 'wrong';
}
