import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { rehearsalBaseUrl, rehearsalPort } from './rehearsal';

// Hostile requests as a deployment answers them: `next start` without npm start's request screen
// (server/front-door.ts), as on Vercel. The route handlers' own refusals are the API's envelope
// (contract §5.4); what Next answers before any handler is said in docs/deploy.md §7.

const sameOrigin = { origin: rehearsalBaseUrl, 'content-type': 'application/json' };

async function expectEnvelope(
  answer: { status(): number; json(): Promise<unknown> },
  status: number,
  code: string,
) {
  expect(answer.status()).toBe(status);
  expect(await answer.json()).toMatchObject({ error: { code } });
}

test('a method a path does not take is a 405 naming the ones it does', async ({ request }) => {
  const answer = await request.fetch('/api/health', { method: 'PUT' });
  await expectEnvelope(answer, 405, 'method_not_allowed');
  expect(answer.headers().allow).toBe('GET, HEAD, OPTIONS');
});

test('an API path that does not exist is a 404 in the envelope', async ({ request }) => {
  await expectEnvelope(await request.get('/api/no-such-thing'), 404, 'not_found');
});

test('a body over 64 KiB is a 413, broken JSON a 400, no same origin a 403', async ({
  request,
}) => {
  const big = `{"loginId":"${'a'.repeat(70_000)}"}`;
  await expectEnvelope(
    await request.post('/api/auth/sign-in', { headers: sameOrigin, data: big }),
    413,
    'payload_too_large',
  );
  await expectEnvelope(
    await request.post('/api/auth/sign-in', { headers: sameOrigin, data: '{"loginId":' }),
    400,
    'bad_request',
  );
  await expectEnvelope(
    await request.post('/api/auth/sign-in', {
      headers: { 'content-type': 'application/json' },
      data: '{}',
    }),
    403,
    'forbidden',
  );
  await expectEnvelope(
    await request.post('/api/auth/sign-in', {
      headers: { origin: rehearsalBaseUrl, 'content-type': 'text/plain' },
      data: '{}',
    }),
    403,
    'forbidden',
  );
});

/** One raw request, as no HTTP client would send it; answers what came back. */
function raw(lines: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(rehearsalPort, '127.0.0.1', () => socket.write(lines));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

test('what Next answers before any handler leaks nothing, and it serves on', async ({
  request,
}) => {
  for (const head of [
    'TRACE /api/health HTTP/1.1',
    'PROPFIND /api/health HTTP/1.1',
    'GET /api/%E0%A4%A HTTP/1.1',
  ]) {
    const answer = await raw(
      `${head}\r\nHost: localhost:${rehearsalPort}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer, head).toMatch(/^HTTP\/1\.1 [45]\d\d /);
    expect(answer, head).not.toMatch(/at \w+ \(|node_modules|Error:|stack/i);
  }
  expect((await request.get('/api/health')).status()).toBe(200);
});
