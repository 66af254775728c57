// The part of CBOR (RFC 8949) an Access Manager token uses: maps with text keys, text and byte
// strings, unsigned and negative integers, booleans and null. PubNub's SDKs decode tokens with a
// full CBOR decoder (cbor-sync in Node, cbor-js in browsers); this encoder writes only definite
// lengths and the shortest heads, which every decoder reads.

export type CborValue =
  number | string | boolean | null | Uint8Array | CborValue[] | { [key: string]: CborValue };

const majorUnsigned = 0;
const majorNegative = 1;
const majorBytes = 2;
const majorText = 3;
const majorArray = 4;
const majorMap = 5;

function head(major: number, length: number): number[] {
  const type = major << 5;
  if (length < 24) return [type | length];
  if (length < 0x100) return [type | 24, length];
  if (length < 0x10000) return [type | 25, length >> 8, length & 0xff];
  if (length < 0x100000000)
    return [
      type | 26,
      (length >>> 24) & 0xff,
      (length >> 16) & 0xff,
      (length >> 8) & 0xff,
      length & 0xff,
    ];
  throw new RangeError('CBOR: lengths and integers up to 2^32 - 1 only');
}

function write(value: CborValue, out: number[]): void {
  if (value === null) out.push(0xf6);
  else if (value === true) out.push(0xf5);
  else if (value === false) out.push(0xf4);
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new TypeError('CBOR: integers only');
    out.push(...(value >= 0 ? head(majorUnsigned, value) : head(majorNegative, -1 - value)));
  } else if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    out.push(...head(majorText, bytes.length), ...bytes);
  } else if (value instanceof Uint8Array) {
    out.push(...head(majorBytes, value.length), ...value);
  } else if (Array.isArray(value)) {
    out.push(...head(majorArray, value.length));
    for (const item of value) write(item, out);
  } else {
    const entries = Object.entries(value);
    out.push(...head(majorMap, entries.length));
    for (const [key, item] of entries) {
      write(key, out);
      write(item, out);
    }
  }
}

export function encodeCbor(value: CborValue): Uint8Array {
  const out: number[] = [];
  write(value, out);
  return Uint8Array.from(out);
}

export class CborError extends Error {}

/** Reads what encodeCbor writes (and nothing else: indefinite lengths, floats and tags refused). */
export function decodeCbor(bytes: Uint8Array): CborValue {
  let at = 0;
  const byte = (): number => {
    if (at >= bytes.length) throw new CborError('CBOR: truncated');
    return bytes[at++]!;
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    let size: number;
    if (info === 24) size = 1;
    else if (info === 25) size = 2;
    else if (info === 26) size = 4;
    else throw new CborError('CBOR: unsupported length');
    let value = 0;
    for (let i = 0; i < size; i += 1) value = value * 256 + byte();
    return value;
  };
  const take = (count: number): Uint8Array => {
    if (at + count > bytes.length) throw new CborError('CBOR: truncated');
    const slice = bytes.subarray(at, at + count);
    at += count;
    return slice;
  };
  const read = (depth: number): CborValue => {
    if (depth > 16) throw new CborError('CBOR: nested too deep');
    const first = byte();
    const major = first >> 5;
    const info = first & 0x1f;
    switch (major) {
      case majorUnsigned:
        return length(info);
      case majorNegative:
        return -1 - length(info);
      case majorBytes:
        return Uint8Array.from(take(length(info)));
      case majorText:
        try {
          return new TextDecoder('utf-8', { fatal: true }).decode(take(length(info)));
        } catch (error) {
          if (error instanceof CborError) throw error;
          throw new CborError('CBOR: text that is not UTF-8');
        }
      case majorArray:
        return Array.from({ length: length(info) }, () => read(depth + 1));
      case majorMap: {
        const map: { [key: string]: CborValue } = Object.create(null);
        const count = length(info);
        for (let i = 0; i < count; i += 1) {
          const key = read(depth + 1);
          if (typeof key !== 'string') throw new CborError('CBOR: map keys must be text');
          map[key] = read(depth + 1);
        }
        return map;
      }
      default:
        if (first === 0xf4) return false;
        if (first === 0xf5) return true;
        if (first === 0xf6) return null;
        throw new CborError('CBOR: unsupported item');
    }
  };
  const value = read(0);
  if (at !== bytes.length) throw new CborError('CBOR: bytes after the item');
  return value;
}
