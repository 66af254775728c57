import 'server-only';
import { ApiProblem } from './api-problem';

export const maxBodyBytes = 64 * 1024;

/** Same-origin evidence for a mutation: an Origin equal to ours, or Sec-Fetch-Site: same-origin. */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const ownOrigins = new Set([new URL(request.url).origin]);
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
    if (host) {
      const protocol =
        request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '');
      ownOrigins.add(`${protocol}://${host}`);
    }
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
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiProblem('payload_too_large', 'The body exceeds 64 KiB.');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem('bad_request', 'The body is not valid JSON.');
  }
}
