// The NextRequest a RequestSpec describes, and what the server makes of its body's size.
import { NextRequest } from 'next/server';
import { percentEncode } from './paths';
import type { RequestSpec } from './requests';
import { encoder, maxBodyBytes, origin } from './wire';

export interface BuiltRequest {
  request: NextRequest;
  /** The second argument of a dynamic route's handler. */
  context: { params: Promise<Record<string, string>> };
  /** The body's size in bytes as sent (0 without one). */
  bodyBytes: number;
  /** The Content-Length header sent, if any. */
  declaredLength: string | null;
  /**
   * The body text as the server reads it, or null without one. Bytes that are not UTF-8 the server
   * refuses (400): they read as `unreadableBody`, which no JSON parser takes, so a model of the
   * contract sees a body that is not JSON.
   */
  bodyText: string | null;
}

/** What a body that is not UTF-8 reads as, for a model (see `BuiltRequest.bodyText`). */
const unreadableBody = '\u0000 not UTF-8';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readAsServer(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return unreadableBody;
  }
}

/** The NextRequest a spec describes, with its cookie header and id resolved by the test. */
export function buildRequest(
  spec: RequestSpec,
  resolved: { cookie: string | null; id?: string | null },
): BuiltRequest {
  const id = resolved.id ?? null;
  const raw = spec.id?.kind === 'given' && spec.id.raw;
  const path = id === null ? spec.path : spec.path.replace('{id}', raw ? id : percentEncode(id));
  const headers = new Headers();
  for (const [name, value] of spec.origin.headers) headers.append(name, value);
  if (spec.contentType !== null) headers.set('content-type', spec.contentType);
  if (spec.authorization?.header != null) headers.set('authorization', spec.authorization.header);
  if (resolved.cookie !== null) headers.set('cookie', resolved.cookie);
  for (const [name, value] of spec.headers) headers.append(name, value);

  let body: BodyInit | undefined;
  let bodyBytes = 0;
  let bodyText: string | null = null;
  if (spec.body) {
    const bytes =
      typeof spec.body.payload === 'string' ? encoder.encode(spec.body.payload) : spec.body.payload;
    bodyBytes = bytes.byteLength;
    bodyText = readAsServer(bytes);
    const length = spec.body.contentLength;
    if (length.kind === 'exact') headers.set('content-length', String(bodyBytes));
    if (length.kind === 'value') headers.set('content-length', length.value);
    if (spec.body.chunks > 0) {
      const size = Math.max(1, Math.ceil(bytes.byteLength / spec.body.chunks));
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.byteLength; at += size) chunks.push(bytes.slice(at, at + size));
      let sent = 0;
      // Always before the end, however few chunks a short payload makes.
      const breaksAfter =
        spec.body.breaksAfter === null
          ? null
          : Math.min(spec.body.breaksAfter, Math.max(0, chunks.length - 1));
      body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (breaksAfter !== null && sent >= breaksAfter) {
            controller.error(new TypeError('terminated: other side closed'));
            return;
          }
          const next = chunks.shift();
          sent += 1;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    } else {
      // A string goes as text (the request adds text/plain when no type was given); bytes as they are.
      body = typeof spec.body.payload === 'string' ? spec.body.payload : (bytes as BodyInit);
    }
  }
  const init = { method: spec.method, headers, body, duplex: 'half' };
  const request = new NextRequest(
    `${origin}${path}${spec.query}`,
    init as ConstructorParameters<typeof NextRequest>[1],
  );
  return {
    request,
    context: { params: Promise.resolve<Record<string, string>>(id === null ? {} : { id }) },
    bodyBytes,
    declaredLength: headers.get('content-length'),
    bodyText,
  };
}

/** True when the body is over the 64 KiB limit, or declares a length over it: a 413 is due. */
export function bodyTooLarge(built: BuiltRequest): boolean {
  return built.bodyBytes > maxBodyBytes || Number(built.declaredLength ?? 0) > maxBodyBytes;
}

/**
 * True when a 413 is a fair answer: the body is too large, or declares a length that is no length
 * or not its real one. An honest body within the limit must never get one.
 */
export function mayBeTooLarge(built: BuiltRequest): boolean {
  if (bodyTooLarge(built)) return true;
  const declared = built.declaredLength;
  return (
    declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) !== built.bodyBytes)
  );
}
