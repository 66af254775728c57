import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

const jsonType = { 'content-type': 'application/json; charset=utf-8' };

/** Every answer but subscribe's must carry a JSON content type, or the SDK rejects it. */
export function json(response: ServerResponse, status: number, body: unknown) {
  jsonText(response, status, JSON.stringify(body));
}

/** JSON already written as text: for numbers a JS number cannot hold, such as timetokens. */
export function jsonText(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, jsonType);
  response.end(text);
}

/** PubNub's refusal of a wrong key. */
export const forbidden = (response: ServerResponse) =>
  json(response, 403, {
    status: 403,
    error: true,
    message: 'Forbidden',
    service: 'Access Manager',
  });

/**
 * What the relay answers for a PubNub feature it does not implement, in PubNub's error shape: a
 * client must see a refusal, never a success that did nothing.
 */
export const notSupported = (response: ServerResponse, feature: string, service: string) =>
  json(response, 400, {
    status: 400,
    error: true,
    message: `${feature} is not supported by the embedded relay`,
    service,
  });

/** A path the relay does not know at all (signals, files, objects, push, Access Manager…). */
export const unknownPath = (response: ServerResponse, path: string) =>
  json(response, 404, {
    status: 404,
    error: true,
    message: `${path} is not supported by the embedded relay`,
    service: 'Relay',
  });

/** A numeric query parameter, or undefined when absent or not a number. */
export function optionalNumber(url: URL, name: string): number | undefined {
  const value = Number(url.searchParams.get(name) ?? NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** A comma-separated query parameter (`channel-group`), empty when absent. */
export const listParameter = (url: URL, name: string): string[] =>
  (url.searchParams.get(name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * A request a browser sent for a page on an origin the relay does not serve: refused, reads and
 * writes alike. CORS alone only hides answers from such a page; a plain `<img>` GET still
 * published a bid (forged paddles then led lots on every desk), deleted history or faked
 * presence. The console's own pages are allowed origins, and their SDK's requests carry `Origin`
 * (cross-origin fetches); servers, the simulator and the tests send neither header. A no-cors
 * subresource from another site carries no `Origin`, only `Sec-Fetch-Site: cross-site`.
 */
export function isForeignBrowser(request: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowedOrigins.includes(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
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
    response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    response.setHeader('access-control-allow-headers', 'content-type, content-encoding');
    response.setHeader('access-control-max-age', '600');
  }
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204).end();
  return true;
}

/**
 * The body, inflated; null when it exceeds `limit` (also once inflated); throws when corrupt.
 * SDKs disagree on what a compressed body is: the JS SDK sends zlib data as `deflate`, the Python
 * SDK zlib data as `gzip`. Either header accepts either format, as PubNub does.
 */
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
  if (encoding !== 'deflate' && encoding !== 'gzip') return body;
  // Cap what a compressed body may inflate to: a small bomb must not take the relay's memory.
  const inflateOptions = { maxOutputLength: limit + 1 };
  for (const decompress of [gunzipSync, inflateSync]) {
    try {
      return decompress(body, inflateOptions);
    } catch (error) {
      // Checked by code, not class: the error may come from another realm (tests).
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    }
  }
  throw new SyntaxError('The body is not valid compressed data');
}

/** PubNub's answer to a malformed request to one of its services. */
export const badRequest = (response: ServerResponse, message: string, service: string) =>
  json(response, 400, { status: 400, error: true, message, service });
