// The body of `POST /v3/pam/{subKey}/grant` as PubNub's SDKs send it, read into a token's content
// (docs/product-contract.md §16). Pure: the route checks the signature and mints the token.
import type { CborValue } from './cbor.ts';
import { maxTtlMinutes, type TokenContent } from './tokens.ts';

type Grants = Record<string, number>;
export type GrantReading = { ok: true; content: TokenContent } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function grantsOf(value: unknown): Grants | null {
  if (value === undefined) return {};
  if (!isRecord(value)) return null;
  const grants: Grants = {};
  for (const [name, bits] of Object.entries(value)) {
    if (!Number.isInteger(bits) || (bits as number) < 0 || (bits as number) > 255) return null;
    if (name.length === 0 || name.length > 200) return null;
    grants[name] = bits as number;
  }
  return grants;
}

function grantSetOf(value: unknown) {
  if (value === undefined) return { chan: {}, grp: {}, uuid: {} };
  if (!isRecord(value)) return null;
  // Legacy Objects names: spaces are channels, users are uuids.
  const chan = grantsOf(value.channels);
  const spaces = grantsOf(value.spaces);
  const grp = grantsOf(value.groups);
  const uuid = grantsOf(value.uuids);
  const users = grantsOf(value.users);
  if (!chan || !spaces || !grp || !uuid || !users) return null;
  return { chan: { ...chan, ...spaces }, grp, uuid: { ...uuid, ...users } };
}

export function readGrant(body: string, nowSeconds: number): GrantReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, message: 'Invalid JSON' };
  }
  if (!isRecord(parsed) || !isRecord(parsed.permissions))
    return { ok: false, message: 'Missing permissions' };
  const { ttl, permissions } = parsed;
  if (!Number.isInteger(ttl) || (ttl as number) < 1 || (ttl as number) > maxTtlMinutes)
    return { ok: false, message: `Invalid ttl: whole minutes from 1 to ${maxTtlMinutes}` };
  const res = grantSetOf(permissions.resources);
  const pat = grantSetOf(permissions.patterns);
  if (!res || !pat) return { ok: false, message: 'Invalid permissions' };
  const granted = [res, pat].some(
    (set) => Object.keys({ ...set.chan, ...set.grp, ...set.uuid }).length > 0,
  );
  if (!granted) return { ok: false, message: 'Missing either Resources or Patterns' };
  const meta = permissions.meta === undefined ? {} : permissions.meta;
  const scalar = (value: unknown) =>
    typeof value === 'string' || typeof value === 'boolean' || Number.isSafeInteger(value);
  if (!isRecord(meta) || !Object.values(meta).every(scalar))
    return { ok: false, message: 'Invalid meta: text, whole numbers and booleans only' };
  const uuid = permissions.uuid;
  if (uuid !== undefined && (typeof uuid !== 'string' || uuid.length === 0 || uuid.length > 92))
    return { ok: false, message: 'Invalid uuid' };
  return {
    ok: true,
    content: {
      v: 2,
      t: nowSeconds,
      ttl: ttl as number,
      res,
      pat,
      meta: meta as Record<string, CborValue>,
      ...(uuid === undefined ? {} : { uuid }),
    },
  };
}
