/** @jest-environment node */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeWhenBodyUnread, parserRefusal, pathDecodes, screenRequest } from './front-door.ts';

describe('screenRequest', () => {
  it.each([
    // Malformed percent-encodings Next answered with a bare 500.
    ['GET', '/api/agreements/%ff', 400],
    ['GET', '/api/agreements/%c0%ae%c0%ae%c0%af', 400],
    ['GET', '/api/agreements/%E0%A4%A', 400],
    ['GET', '/api/agreements/%ED%A0%80', 400],
    ['POST', '/api/agreements/%c0/decision', 400],
    ['GET', '/dash/%ff', 400],
    // Methods Next cannot take.
    ['TRACE', '/api/auth/sign-in', 405],
    ['TRACE', '/sign', 405],
    ['PROPFIND', '/api/agreements', 405],
    ['CONNECT', '/', 405],
    [undefined, '/', 405],
    // Everything else goes on to Next, whose routes answer for themselves.
    ['GET', '/api/agreements/0b6f7c3e-62a4-4c1e-9a59-9d2b1f1f3b1a', null],
    ['GET', '/api/agreements?q=%ff', null],
    ['GET', '/api/agreements/caf%C3%A9', null],
    ['PUT', '/api/auth/sign-in', null],
    ['OPTIONS', '/api/auth/sign-in', null],
    ['HEAD', '/sign', null],
  ])('%s %s -> %p', (method, url, status) => {
    const refusal = screenRequest(method, url);
    expect(refusal?.status ?? null).toBe(status);
    if (refusal) {
      const body = JSON.parse(refusal.body);
      expect(body.error.code).toBe(status === 405 ? 'method_not_allowed' : 'bad_request');
      expect(typeof body.error.message).toBe('string');
      expect(refusal.headers['content-type']).toBe('application/json');
      expect(refusal.headers['x-content-type-options']).toBe('nosniff');
      if (status === 405) expect(refusal.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    }
  });

  it('decodes each segment on its own, ignoring the query string', () => {
    expect(pathDecodes('/a/%2F/b?x=%ff')).toBe(true);
    expect(pathDecodes('/a/%zz')).toBe(false);
  });
});

describe('parserRefusal', () => {
  it.each([
    ['HPE_INVALID_METHOD', 405, 'method_not_allowed'],
    ['HPE_HEADER_OVERFLOW', 431, 'bad_request'],
    ['HPE_INVALID_CONTENT_LENGTH', 400, 'bad_request'],
    [undefined, 400, 'bad_request'],
  ])('%s -> %s %s, as an HTTP answer that closes the connection', (code, status, errorCode) => {
    const raw = parserRefusal(code);
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toContain('connection: close');
    expect(head).toContain(`content-length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!).error.code).toBe(errorCode);
  });
});

describe('closeWhenBodyUnread', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    // Answers 413 at once without reading the body when asked to, as a refusal past the limit.
    server = createServer((request, response) => {
      closeWhenBodyUnread(request, response);
      if (request.url === '/refuse') {
        response.writeHead(413).end('{}');
        return;
      }
      request.resume();
      request.on('end', () => response.writeHead(200).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (path: string, body: Buffer) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          port,
          host: '127.0.0.1',
          path,
          method: 'POST',
          headers: { 'transfer-encoding': 'chunked' },
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode!, connection: response.headers.connection });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  it('closes the connection of an answer sent before the body was read', async () => {
    const answer = await send('/refuse', Buffer.alloc(256 * 1024));
    expect(answer).toEqual({ status: 413, connection: 'close' });
  });

  it('keeps the connection of an answer sent after the body was read', async () => {
    const answer = await send('/read', Buffer.alloc(1024));
    expect(answer.status).toBe(200);
    expect(answer.connection).not.toBe('close');
  });
});
