// Hostile requests at the console `npm start` serves (the request screen in front of Next, and
// the routes behind it), over raw sockets: what a browser would never send. Each answered a bare
// `500 Internal Server Error`, an empty 405 or a stuck connection before the hardening.
import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { consolePort } from '../support/servers';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The body of a `Transfer-Encoding: chunked` answer, joined. */
function dechunk(text: string): string {
  let body = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** The first answer in what a connection received. */
function parse(raw: string): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const rest = raw.slice(headEnd + 4);
  const body =
    headers['transfer-encoding'] === 'chunked'
      ? dechunk(rest)
      : rest.slice(0, Number(headers['content-length'] ?? rest.length));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** Sends raw bytes on one connection and answers everything received until it closes or idles. */
function exchange(chunks: string[], idleMs = 1500): Promise<{ raw: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(consolePort, '127.0.0.1');
    let raw = '';
    let timer: NodeJS.Timeout;
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        resolve({ raw, closed: false });
      }, idleMs);
    };
    socket.on('data', (data) => {
      raw += data.toString('latin1');
      idle();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ raw, closed: true });
    });
    // A server that closes at once (a body refused as too large) can do so while the request is
    // still being written: the write then fails (EPIPE, ECONNRESET), and 'close' follows with
    // whatever answer came. Any other error fails the exchange.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      idle();
    });
  });
}

const host = `Host: localhost:${consolePort}\r\n`;

function expectEnvelope(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toContain('application/json');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
}

test.describe('malformed percent-encodings in the path', () => {
  for (const path of [
    '/api/agreements/%ff',
    '/api/agreements/%c0%ae%c0%ae%c0%af',
    '/api/agreements/%E0%A4%A',
    '/api/agreements/%ED%A0%80',
  ]) {
    test(`GET ${path} is a 400 in the envelope`, async () => {
      const { raw } = await exchange([`GET ${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`]);
      expectEnvelope(parse(raw), 400, 'bad_request');
    });
  }

  test('POST /api/agreements/%c0/decision is a 400 in the envelope', async () => {
    const body = '{"decision":"approve","version":1}';
    const { raw } = await exchange([
      `POST /api/agreements/%c0/decision HTTP/1.1\r\n${host}Origin: http://localhost:${consolePort}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    ]);
    expectEnvelope(parse(raw), 400, 'bad_request');
  });
});

test('an idle keep-alive connection is not closed after 5 s, so reusing it is not reset', async () => {
  const { raw, closed } = await exchange([`GET /api/health HTTP/1.1\r\n${host}\r\n`], 7_000);
  expect(parse(raw).status).toBe(200);
  expect(closed).toBe(false);
});

test.describe('methods', () => {
  for (const method of ['TRACE', 'TRACK', 'PROPFIND']) {
    for (const path of ['/api/auth/sign-in', '/sign']) {
      test(`${method} ${path} is a 405 in the envelope with Allow`, async () => {
        const { raw } = await exchange([`${method} ${path} HTTP/1.1\r\n${host}\r\n`]);
        const answer = parse(raw);
        expectEnvelope(answer, 405, 'method_not_allowed');
        expect(answer.headers.allow).toContain('GET');
      });
    }
  }

  for (const method of ['PUT', 'PATCH', 'DELETE', 'HEAD']) {
    test(`${method} on a POST route names its methods`, async () => {
      const { raw } = await exchange([
        `${method} /api/auth/sign-in HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      ]);
      const answer = parse(raw);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST, OPTIONS');
      if (method !== 'HEAD') expectEnvelope(answer, 405, 'method_not_allowed');
    });
  }
});

test('a chunked body past 64 KiB is refused and the connection closes at once', async () => {
  const chunk = 'a'.repeat(16 * 1024);
  const chunks = [
    `POST /api/auth/sign-in HTTP/1.1\r\n${host}Origin: http://localhost:${consolePort}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    ...Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`),
    '0\r\n\r\n',
    `GET /api/health HTTP/1.1\r\n${host}\r\n`,
  ];
  const started = Date.now();
  const { raw, closed } = await exchange(chunks, 4000);
  // Before: the 413 said keep-alive, then the health check stalled ~6 s and was reset.
  expect(closed).toBe(true);
  expect(Date.now() - started).toBeLessThan(3000);
  const answer = parse(raw);
  expect(answer.headers.connection).toBe('close');
  expectEnvelope(answer, 413, 'payload_too_large');
});

test('a forged X-Forwarded-Host is not our origin, and never reaches the page CSP', async ({
  request,
}) => {
  const answer = await request.post('/api/auth/sign-out', {
    headers: {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
      'content-type': 'application/json',
    },
    data: {},
  });
  expect(answer.status()).toBe(403);
  const page = await request.get('/sign', { headers: { 'x-forwarded-host': 'evil.example' } });
  expect(page.headers()['content-security-policy']).not.toContain('evil.example');
});

test('API answers carry nosniff', async ({ request }) => {
  for (const path of ['/api/health', '/api/auth/me', '/api/agreements']) {
    const answer = await request.get(path);
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  }
});

test('an API path no route names is a 404 in the envelope, and named ones still answer', async ({
  request,
}) => {
  for (const [method, path] of [
    ['GET', '/api/nope'],
    ['POST', '/api/agreements/6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b/decision/extra'],
    ['DELETE', '/api/sales/any/report/more'],
  ] as const) {
    const answer = await request.fetch(path, {
      method,
      headers: { origin: `http://localhost:${consolePort}` },
    });
    expect(answer.status(), `${method} ${path}`).toBe(404);
    expect(answer.headers()['content-type']).toContain('application/json');
    expect((await answer.json()).error.code).toBe('not_found');
  }
  expect((await request.get('/api/health')).status()).toBe(200);
  expect((await request.get('/api/sales/any-sale')).status()).toBe(401);
});
