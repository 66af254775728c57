import 'server-only';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { requestHost, requestProtocol } from './request-host';

export const maxBodyBytes = 64 * 1024;

/**
 * Same-origin evidence for a mutation: an Origin equal to ours, or Sec-Fetch-Site: same-origin.
 * Ours is the Host the request came to; the forwarded host and protocol count only behind a
 * proxy the deployment trusts, or a caller could name its own origin as ours.
 */
export function assertSameOrigin(request: Request, trustProxy: boolean): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const ownOrigins = new Set([
      new URL(request.url).origin,
      `${requestProtocol(request, trustProxy)}://${requestHost(request, trustProxy)}`,
    ]);
    if (ownOrigins.has(origin)) return;
    throw new ApiProblem('forbidden', 'Cross-origin requests are not accepted.');
  }
  if (request.headers.get('sec-fetch-site') === 'same-origin') return;
  throw new ApiProblem('forbidden', 'A same-origin Origin header is required.');
}

export function assertJsonContentType(request: Request): void {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiProblem('forbidden', 'Content-Type must be application/json.');
  }
}

/** Reads at most 64 KiB of body, refusing more before it is all in memory. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > maxBodyBytes)
    throw new ApiProblem('payload_too_large', 'The body exceeds 64 KiB.');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The caller's connection dropped mid-body: its request, not the server, failed.
      throw new ApiProblem('bad_request', 'The body ended before it was complete.');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiProblem('payload_too_large', 'The body exceeds 64 KiB.');
    }
    chunks.push(value);
  }
  try {
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    // Decoded leniently, two different bad byte runs would both read U+FFFD: two platform ids
    // stored as one, the second taken for a repeat of the first.
    throw new ApiProblem('bad_request', 'The body is not valid UTF-8.');
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiProblem('bad_request', 'The body is not valid JSON.');
  }
  if (!holdsStorableText(value)) {
    throw new ApiProblem(
      'bad_request',
      'The body holds text that is not valid Unicode (a lone surrogate) or a NUL character.',
    );
  }
  return value;
}

const storable = (text: string) => text.isWellFormed() && !text.includes('\u0000');

/**
 * True when every string and key in a JSON value is well-formed Unicode without NUL: the text
 * PostgreSQL can store. Decided here, before any database work, so such a body is a 400 and never
 * a failed query. Iterative: a deeply nested body must not exhaust the stack.
 */
export function holdsStorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!storable(next)) return false;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, entry] of Object.entries(next)) {
        if (!storable(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}
