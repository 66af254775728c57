// Access Manager tokens in PubNub's own format (docs/product-contract.md §16): a CBOR map of the
// version, the grant's time (seconds), its ttl (minutes), the resources and patterns with their
// permission bits, the meta, the authorized uuid when there is one, and a signature, written as
// base64url without padding. The SDK's `parseToken` reads them back. The signature is the relay's
// own (PubNub's is opaque to clients): HMAC-SHA256 with the secret key over the same map without
// `sig`, encoded with its keys sorted so that decoding and encoding again gives the same bytes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeCbor, encodeCbor, type CborValue } from './cbor.ts';

export const permissionBits = {
  read: 1,
  write: 2,
  manage: 4,
  delete: 8,
  get: 32,
  update: 64,
  join: 128,
} as const;
export type Permission = keyof typeof permissionBits;

type Grants = Record<string, number>;
interface GrantSet {
  chan: Grants;
  grp: Grants;
  uuid: Grants;
}

export interface TokenContent {
  v: 2;
  /** When it was granted, in seconds. */
  t: number;
  /** Minutes it lives. */
  ttl: number;
  res: GrantSet;
  pat: GrantSet;
  meta: Record<string, CborValue>;
  uuid?: string;
}

/** What PubNub allows for a ttl, in minutes (30 days). */
export const maxTtlMinutes = 43_200;

function sorted(value: CborValue): CborValue {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(sorted);
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key]!)]),
  );
}

const toBase64Url = (bytes: Uint8Array): string =>
  Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function signatureOf(content: TokenContent, secretKey: string): Uint8Array {
  const canonical = encodeCbor(sorted(content as unknown as CborValue));
  return new Uint8Array(createHmac('sha256', secretKey).update(canonical).digest());
}

export function mintToken(content: TokenContent, secretKey: string): string {
  const signed = { ...content, sig: signatureOf(content, secretKey) };
  return toBase64Url(encodeCbor(signed as unknown as CborValue));
}

const isGrants = (value: unknown): value is Grants =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Uint8Array) &&
  Object.values(value).every((bits) => Number.isInteger(bits) && bits >= 0 && bits < 256);

const isGrantSet = (value: unknown): value is GrantSet =>
  typeof value === 'object' &&
  value !== null &&
  ['chan', 'grp', 'uuid'].every((kind) => isGrants((value as Record<string, unknown>)[kind]));

/** The content of a token this relay minted with `secretKey`; null for anything else. */
export function readToken(token: string, secretKey: string): TokenContent | null {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) return null;
  let decoded: CborValue;
  try {
    decoded = decodeCbor(new Uint8Array(Buffer.from(token, 'base64url')));
  } catch {
    return null;
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) return null;
  if (decoded instanceof Uint8Array) return null;
  const { sig, ...rest } = decoded;
  const content = rest as unknown as TokenContent;
  if (!(sig instanceof Uint8Array) || content.v !== 2) return null;
  if (!Number.isInteger(content.t) || !Number.isInteger(content.ttl)) return null;
  if (!isGrantSet(content.res) || !isGrantSet(content.pat)) return null;
  if (content.uuid !== undefined && typeof content.uuid !== 'string') return null;
  const expected = signatureOf(content, secretKey);
  if (expected.length !== sig.length || !timingSafeEqual(expected, sig)) return null;
  return content;
}

export const tokenExpiresAt = (content: TokenContent): number => content.t + content.ttl * 60;

/**
 * Whether a token lets `uuid` do `permission` on `channel` at `nowSeconds`: unexpired, bound to
 * that uuid when it names one, and the channel granted by name or by a pattern (a regular
 * expression matched against the whole name, as PubNub's patterns are).
 */
export function tokenAllows(
  content: TokenContent,
  request: { channel: string; permission: Permission; uuid: string | null },
  nowSeconds: number,
): boolean {
  if (nowSeconds >= tokenExpiresAt(content)) return false;
  if (content.uuid !== undefined && content.uuid !== request.uuid) return false;
  const bit = permissionBits[request.permission];
  const byName = content.res.chan[request.channel];
  if (byName !== undefined && (byName & bit) === bit) return true;
  return Object.entries(content.pat.chan).some(([pattern, bits]) => {
    if ((bits & bit) !== bit) return false;
    try {
      return new RegExp(`^(?:${pattern})$`).test(request.channel);
    } catch {
      return false;
    }
  });
}
