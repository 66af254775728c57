import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** Every answer but subscribe's must carry a JSON content type, or the SDK rejects it. */
export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** PubNub's refusal of a wrong key. */
export const forbidden = (response: ServerResponse) =>
  json(response, 403, {
    status: 403,
    error: true,
    message: 'Forbidden',
    service: 'Access Manager',
  });

/** A numeric query parameter, or undefined when absent or not a number. */
export function optionalNumber(url: URL, name: string): number | undefined {
  const value = Number(url.searchParams.get(name) ?? NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** CORS for the allowed origins; answers a preflight itself (returns true then). */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  allowedOrigins: string[],
): boolean {
  const origin = request.headers.origin;
  if (origin && allowedOrigins.includes(origin)) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('vary', 'origin');
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    response.setHeader('access-control-allow-headers', 'content-type, content-encoding');
    response.setHeader('access-control-max-age', '600');
  }
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204).end();
  return true;
}

/** The body, inflated; null when it exceeds `limit` (also once inflated); throws when corrupt. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit * 4) return null;
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const encoding = request.headers['content-encoding'];
  // Cap what a compressed body may inflate to: a small bomb must not take the relay's memory.
  const inflateOptions = { maxOutputLength: limit + 1 };
  try {
    if (encoding === 'deflate') return inflateSync(body, inflateOptions);
    if (encoding === 'gzip') return gunzipSync(body, inflateOptions);
  } catch (error) {
    // Checked by code, not class: the error may come from another realm (tests).
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new SyntaxError('The body is not valid compressed data');
  }
  return body;
}
