/** @jest-environment node */
import { ApiProblem } from '@/lib/server/http/api-problem';
import {
  assertJsonContentType,
  assertSameOrigin,
  maxBodyBytes,
  parseJson,
  readBodyText,
} from './request-guards';

const url = 'http://localhost:3000/api/auth/sign-in';

/** The code of the ApiProblem `run` throws, or 'none' when it passes. */
function problemCodeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiProblem);
    return (error as ApiProblem).code;
  }
  return 'none';
}

async function asyncProblemCodeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiProblem);
    return (error as ApiProblem).code;
  }
  return 'none';
}

describe('assertSameOrigin', () => {
  it.each<[string, Record<string, string>, string]>([
    ['our own Origin', { origin: 'http://localhost:3000' }, 'none'],
    ['a cross-origin Origin', { origin: 'https://evil.example' }, 'forbidden'],
    ['Origin: null (sandboxed frame, file:)', { origin: 'null' }, 'forbidden'],
    ['our host on another scheme', { origin: 'https://localhost:3000' }, 'forbidden'],
    ['our host on another port', { origin: 'http://localhost:3001' }, 'forbidden'],
    ['a look-alike suffix', { origin: 'http://localhost:3000.evil.example' }, 'forbidden'],
    ['no Origin with Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, 'none'],
    ['no Origin with Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, 'forbidden'],
    ['no Origin with Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 'forbidden'],
    ['no Origin with Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }, 'forbidden'],
    ['neither Origin nor Sec-Fetch-Site', {}, 'forbidden'],
    [
      'a foreign Origin even with Sec-Fetch-Site: same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      'forbidden',
    ],
  ])('%s -> %s', (_name, headers, expected) => {
    const request = new Request(url, { method: 'POST', headers });
    expect(problemCodeOf(() => assertSameOrigin(request, false))).toBe(expected);
    expect(problemCodeOf(() => assertSameOrigin(request, true))).toBe(expected);
  });

  // Forwarded headers are believed only where the deployment says a proxy sets them.
  it.each<[string, Record<string, string>, string, string]>([
    [
      'a forged X-Forwarded-Host naming the caller',
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
      'forbidden',
      'none',
    ],
    [
      'the public origin behind a proxy (X-Forwarded-Host and -Proto)',
      {
        origin: 'https://console.example.com',
        'x-forwarded-host': 'console.example.com',
        'x-forwarded-proto': 'https',
      },
      'forbidden',
      'none',
    ],
    [
      'a forged X-Forwarded-Proto on our own host',
      { origin: 'https://localhost:3000', 'x-forwarded-proto': 'https' },
      'forbidden',
      'none',
    ],
  ])('%s -> %s directly, %s behind a trusted proxy', (_name, headers, direct, proxied) => {
    const request = new Request(url, { method: 'POST', headers });
    expect(problemCodeOf(() => assertSameOrigin(request, false))).toBe(direct);
    expect(problemCodeOf(() => assertSameOrigin(request, true))).toBe(proxied);
  });

  it('answers 403 with a message for a refused origin', () => {
    const request = new Request(url, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    try {
      assertSameOrigin(request, false);
      throw new Error('assertSameOrigin accepted a cross-origin request');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiProblem);
      expect((error as ApiProblem).status).toBe(403);
      expect((error as ApiProblem).message).toBe('Cross-origin requests are not accepted.');
    }
  });
});

describe('assertJsonContentType', () => {
  it.each<[string | null, string]>([
    ['application/json', 'none'],
    ['application/json; charset=utf-8', 'none'],
    ['Application/JSON', 'none'],
    [null, 'forbidden'],
    ['text/plain', 'forbidden'],
    ['text/plain;charset=UTF-8', 'forbidden'],
    ['application/x-www-form-urlencoded', 'forbidden'],
    ['multipart/form-data; boundary=x', 'forbidden'],
    ['application/json-patch+json', 'forbidden'],
    ['application/jsonp', 'forbidden'],
  ])('Content-Type %p -> %s', (contentType, expected) => {
    const headers: Record<string, string> =
      contentType === null ? {} : { 'content-type': contentType };
    const request = new Request(url, { method: 'POST', headers });
    expect(request.headers.get('content-type')).toBe(contentType);
    expect(problemCodeOf(() => assertJsonContentType(request))).toBe(expected);
  });
});

describe('readBodyText', () => {
  it('is 64 KiB', () => {
    expect(maxBodyBytes).toBe(65_536);
  });

  it('returns the body text, multi-byte characters included', async () => {
    const request = new Request(url, { method: 'POST', body: '{"loginId":"zoë"}' });
    await expect(readBodyText(request)).resolves.toBe('{"loginId":"zoë"}');
  });

  it.each([
    ['a byte no UTF-8 text has', [0x22, 0x73, 0x2d, 0xff, 0xfe, 0x22]],
    ['a multi-byte character cut short', [0x22, 0xc3, 0x22]],
    ['an over-long encoding of "/"', [0x22, 0xc0, 0xaf, 0x22]],
  ])('refuses a body that is not valid UTF-8 (%s) with 400', async (_name, bytes) => {
    const request = new Request(url, { method: 'POST', body: new Uint8Array(bytes) });
    expect(await asyncProblemCodeOf(() => readBodyText(request))).toBe('bad_request');
  });

  it('returns an empty string without a body', async () => {
    await expect(readBodyText(new Request(url, { method: 'POST' }))).resolves.toBe('');
  });

  it.each<[string, number, Record<string, string>, string]>([
    ['exactly 64 KiB', maxBodyBytes, {}, 'none'],
    ['64 KiB + 1 byte', maxBodyBytes + 1, {}, 'payload_too_large'],
    ['1 MiB', 1024 * 1024, {}, 'payload_too_large'],
    [
      '1 MiB under a lying Content-Length: 20',
      1024 * 1024,
      { 'content-length': '20' },
      'payload_too_large',
    ],
    [
      'a small body declared as 1 MiB',
      10,
      { 'content-length': String(1024 * 1024) },
      'payload_too_large',
    ],
  ])('%s -> %s', async (_name, size, headers, expected) => {
    const request = new Request(url, { method: 'POST', headers, body: 'a'.repeat(size) });
    expect(await asyncProblemCodeOf(() => readBodyText(request))).toBe(expected);
  });

  it('stops reading a streamed body soon after 64 KiB instead of buffering all of it', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(97);
    let pulledBytes = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulledBytes += chunk.byteLength;
        if (pulledBytes > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request(url, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(await asyncProblemCodeOf(() => readBodyText(request))).toBe('payload_too_large');
    expect(cancelled).toBe(true);
    expect(pulledBytes).toBeLessThanOrEqual(maxBodyBytes + 4 * chunk.byteLength);
  });
});

describe('parseJson', () => {
  it.each<[string, unknown]>([
    ['{"a":1}', { a: 1 }],
    ['null', null],
    ['[1,2]', [1, 2]],
    ['"text"', 'text'],
  ])('parses %s', (text, expected) => {
    expect(parseJson(text)).toEqual(expected);
  });

  it.each(['{', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '{"a":1}}'])(
    'refuses %p with bad_request',
    (text) => {
      expect(problemCodeOf(() => parseJson(text))).toBe('bad_request');
    },
  );
});
