// The request screen in front of Next (server/main.ts): what Next itself answers with a bare
// `500 Internal Server Error` or a stuck connection is answered here, in the API's error envelope.
// Pure decisions apart from `closeWhenBodyUnread`, which only sets a header.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The methods Next's route handlers take; any other (TRACE, PROPFIND…) fails inside Next. */
export const servedMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What the console implements on some path; each route's own 405 names its exact methods. */
export const consoleMethods = 'GET, HEAD, POST, OPTIONS';

export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function refusal(status: number, code: string, message: string, extra = {}): Refusal {
  const body = JSON.stringify({ error: { code, message } });
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
    body,
  };
}

/** True when every segment of the path decodes as percent-encoded UTF-8. */
export function pathDecodes(rawUrl: string): boolean {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** The refusal of a request Next cannot take, or null to hand it to Next. */
export function screenRequest(method: string | undefined, rawUrl: string | undefined) {
  if (!method || !servedMethods.includes(method)) {
    return refusal(405, 'method_not_allowed', `${method ?? 'This method'} is not allowed here.`, {
      allow: consoleMethods,
    });
  }
  if (!pathDecodes(rawUrl ?? '/')) {
    return refusal(400, 'bad_request', 'The address is not valid percent-encoded UTF-8.');
  }
  return null;
}

/**
 * The raw answer to a request Node's HTTP parser refused before any handler saw it (an unknown
 * method such as TRACK, malformed framing), in the same envelope; the connection then closes.
 */
export function parserRefusal(errorCode: string | undefined): string {
  const answer =
    errorCode === 'HPE_INVALID_METHOD'
      ? refusal(405, 'method_not_allowed', 'This method is not allowed here.', {
          allow: consoleMethods,
        })
      : errorCode === 'HPE_HEADER_OVERFLOW'
        ? refusal(431, 'bad_request', 'The request headers are too large.')
        : refusal(400, 'bad_request', 'The request is not valid HTTP.');
  const reason = {
    400: 'Bad Request',
    405: 'Method Not Allowed',
    431: 'Request Header Fields Too Large',
  };
  const headers = Object.entries({ ...answer.headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${answer.status} ${reason[answer.status as keyof typeof reason]}\r\n${headers}\r\n${answer.body}`;
}

/** True while the request still has body bytes nobody has read. */
function bodyUnread(request: IncomingMessage): boolean {
  const declared = Number(request.headers['content-length'] ?? 0);
  const hasBody = declared > 0 || request.headers['transfer-encoding'] !== undefined;
  return hasBody && !request.complete;
}

/**
 * An answer sent before its request's body was read (a 413 past the size limit, a 401 before the
 * body) ends the connection: otherwise the unread bytes stall the next request on it.
 */
export function closeWhenBodyUnread(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (bodyUnread(request) && !this.headersSent) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
