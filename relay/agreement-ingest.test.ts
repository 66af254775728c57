/** @jest-environment node */
// The ingest client against a real HTTP server standing in for the console's
// POST /api/platform/agreements: the requests it receives are the boundary under test.
import type { AddressInfo } from 'node:net';
import { ingestBodySchema } from '@/lib/server/agreements/agreement-input';
import { sleep, waitFor } from '@/testing/wait-for';
import { createAgreementIngest, type PlatformAgreement } from './agreement-ingest.ts';
import {
  bodyBytes,
  closeStandIns,
  exchanges,
  recordingLog,
  startConsole as startStandIn,
  tooLargeOver,
  type Answer,
  type Asked as AskedOf,
  type Received as ReceivedOf,
} from './ingest-stand-in.ts';

jest.setTimeout(10_000);

const token = 'test-platform-token-0123';

type Received = ReceivedOf<PlatformAgreement>;
type Asked = AskedOf<PlatformAgreement>;

const startConsole = (answer?: (n: number, asked: Asked) => Answer, port?: number) =>
  startStandIn<PlatformAgreement>(answer, port);

const clients: { stop: () => void }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.stop();
  await closeStandIns();
});

function ingestInto(
  consoleUrl: string,
  options: Partial<Parameters<typeof createAgreementIngest>[0]> = {},
) {
  const { log, lines } = recordingLog();
  const client = createAgreementIngest({
    consoleUrl,
    token,
    batchDelayMs: 10,
    retryDelayMs: 20,
    maxRetryDelayMs: 80,
    // The product's own: a loaded machine must not turn a slow answer into a resend.
    requestTimeoutMs: 10_000,
    log,
    ...options,
  });
  clients.push(client);
  return { client, lines };
}

const agreement = (n: number): PlatformAgreement => ({
  platformId: `paris-modern-art-2026:lot-${String(n).padStart(4, '0')}:bid-${n}`,
  auctionId: 'paris-modern-art-2026',
  lotId: `lot-${String(n).padStart(4, '0')}`,
  lotTitle: 'Nu couché',
  buyer: 'Paddle 101',
  amount: 1_200_000 + n,
  currency: 'EUR',
  closedAt: new Date(Date.UTC(2026, 2, 14, 18, 0, n)).toISOString(),
});
const agreements = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => agreement(from + index));

/** The platformIds sent again after the stand-in had accepted them: none, ever. */
function resent(received: Received[]): string[] {
  const accepted = new Set<string>();
  const again: string[] = [];
  for (const request of received) {
    const ids = request.body.items.map((item) => item.platformId);
    again.push(...ids.filter((id) => accepted.has(id)));
    if (request.status !== null && request.status < 300) ids.forEach((id) => accepted.add(id));
  }
  return again;
}

/** Answers as the console does: 400 naming the invalid fields, for the whole batch. */
function validating({ body }: Asked): Answer {
  const parsed = ingestBodySchema.safeParse(body);
  if (parsed.success) return { status: 200 };
  const message = parsed.error.issues
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  return { status: 400, body: { error: { code: 'bad_request', message } } };
}

describe('createAgreementIngest', () => {
  it('posts queued agreements as one JSON batch with the bearer token, as the console validates it', async () => {
    const standIn = await startConsole();
    const { client, lines } = ingestInto(`${standIn.url}/`);
    const sold = agreements(1, 3);
    sold.forEach((item) => client.add(item));
    await waitFor('the batch', () => standIn.received.length === 1);
    await sleep(50);

    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/platform/agreements');
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(ingestBodySchema.safeParse(request!.body).error).toBeUndefined();
    expect(request!.body).toEqual({ items: sold });
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([]);
  });

  it('sends at most 100 agreements a request, each once and in order', async () => {
    const standIn = await startConsole();
    const { client } = ingestInto(standIn.url);
    const sold = agreements(1, 250);
    sold.forEach((item) => client.add(item));
    await waitFor('every agreement', () => standIn.accepted().length >= 250);
    await sleep(50);

    expect(standIn.received.map((request) => request.body.items.length)).toEqual([100, 100, 50]);
    for (const request of standIn.received)
      expect(ingestBodySchema.safeParse(request.body).error).toBeUndefined();
    expect(standIn.accepted()).toEqual(sold);
  });

  it('keeps a batch the console answers 503 to and sends it again, once, after a backoff', async () => {
    const standIn = await startConsole((n) =>
      n === 1
        ? { status: 503, body: { error: { code: 'internal', message: 'Database is down.' } } }
        : { status: 200 },
    );
    const { client, lines } = ingestInto(standIn.url, { retryDelayMs: 100 });
    const sold = agreements(1, 2);
    sold.forEach((item) => client.add(item));
    await waitFor('the first attempt', () => standIn.received.length === 1);
    expect(client.pendingCount).toBe(2);
    // Not at once: the retry timer (100 ms) starts only after the 503 arrives, so it cannot have
    // fired 30 ms after the first request, however slow the machine (timers never fire early).
    await sleep(30);
    expect(standIn.received).toHaveLength(1);
    await waitFor('the retry', () => standIn.received.length === 2);
    await sleep(150);

    expect(standIn.received).toHaveLength(2);
    expect(standIn.received[1]!.body).toEqual(standIn.received[0]!.body);
    expect(standIn.accepted()).toEqual(sold);
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([
      {
        level: 'warn',
        text: expect.stringContaining('503 (internal: Database is down.); keeping 2 agreements'),
      },
      { level: 'info', text: 'gavel: agreement ingest: the console takes agreements again' },
    ]);
  });

  it('waits out a console that is not listening yet, then delivers everything once', async () => {
    const placeholder = await startConsole();
    const port = (placeholder.server.address() as AddressInfo).port;
    await new Promise((resolve) => placeholder.server.close(resolve));
    const { client, lines } = ingestInto(`http://127.0.0.1:${port}`);
    const sold = agreements(1, 5);
    sold.slice(0, 3).forEach((item) => client.add(item));
    await waitFor('a refused attempt', () => lines.some((line) => /ECONNREFUSED/.test(line.text)));
    sold.slice(3).forEach((item) => client.add(item));

    const standIn = await startConsole(undefined, port);
    await waitFor('the delivery', () => standIn.accepted().length >= 5);
    await sleep(150);
    expect(standIn.accepted()).toEqual(sold);
    expect(client.pendingCount).toBe(0);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it('retries a console that does not answer in time', async () => {
    const standIn = await startConsole((n) => (n === 1 ? 'hang' : { status: 200 }));
    const { client, lines } = ingestInto(standIn.url, { requestTimeoutMs: 100 });
    client.add(agreement(1));
    await waitFor('the delivery', () => standIn.accepted().length === 1);
    expect(standIn.received).toHaveLength(2);
    expect(lines[0]!.text).toMatch(/did not answer in time/);
  });

  it('honours Retry-After on 429', async () => {
    const standIn = await startConsole((n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    // Its own backoff would retry after 50 ms; Retry-After asks for a second.
    const { client } = ingestInto(standIn.url, { retryDelayMs: 50 });
    client.add(agreement(1));
    await waitFor('the first attempt', () => standIn.received.length === 1);
    await sleep(300);
    expect(standIn.received).toHaveLength(1);
    await waitFor('the retry', () => standIn.received.length === 2);
    expect(standIn.accepted()).toEqual([agreement(1)]);
  });

  it('keeps agreements refused with 401, says so once, and delivers them once the console takes the token', async () => {
    let tokenFixed = false;
    const standIn = await startConsole(() =>
      tokenFixed
        ? { status: 200 }
        : {
            status: 401,
            body: {
              error: { code: 'unauthorized', message: 'A valid platform token is required.' },
            },
          },
    );
    const { client, lines } = ingestInto(standIn.url);
    client.add(agreement(1));
    await waitFor('the refusal', () => lines.length === 1);
    client.add(agreement(2));
    await waitFor('a second refusal', () => standIn.received.length >= 2);
    expect(client.pendingCount).toBe(2);
    tokenFixed = true;
    await waitFor('the delivery', () => standIn.accepted().length === 2);
    await sleep(100);

    const refusals = standIn.received.length - 2;
    expect(refusals).toBeGreaterThanOrEqual(2);
    expect(exchanges(standIn.received)).toEqual([
      ...Array.from({ length: refusals }, () => [1, 401]),
      [1, 200],
      [1, 200],
    ]);
    expect(standIn.accepted()).toEqual([agreement(1), agreement(2)]);
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([
      {
        level: 'error',
        text: `gavel: agreement ingest: ${standIn.url}/api/platform/agreements answered 401 (unauthorized: A valid platform token is required.); PLATFORM_TOKEN differs from the console’s: keeping 1 agreements and trying again every 0.08 s`,
      },
      { level: 'info', text: 'gavel: agreement ingest: the console takes agreements again' },
    ]);
  });

  it('drops a batch refused for another reason (404) with one error line, and goes on with the next', async () => {
    const standIn = await startConsole((n) =>
      n === 1
        ? { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } }
        : { status: 200 },
    );
    const { client, lines } = ingestInto(standIn.url);
    agreements(1, 2).forEach((item) => client.add(item));
    await waitFor('the refusal', () => lines.length === 1);
    await sleep(100);
    expect(exchanges(standIn.received)).toEqual([[2, 404]]);
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([
      {
        level: 'error',
        text: `gavel: agreement ingest: dropped 2 agreements: ${standIn.url}/api/platform/agreements answered 404 (not_found: No such route.); the console refused the request`,
      },
    ]);

    client.add(agreement(3));
    await waitFor('the next batch', () => standIn.received.length === 2);
    expect(standIn.accepted()).toEqual([agreement(3)]);
  });

  it('cuts a batch the console finds too large (413) in halves until each fits, delivering all of it once', async () => {
    const sold = agreements(1, 100);
    const standIn = await startConsole(tooLargeOver(bodyBytes(sold.slice(0, 30))));
    const { client, lines } = ingestInto(standIn.url);
    sold.forEach((item) => client.add(item));
    await waitFor('every agreement', () => standIn.accepted().length >= 100);
    await sleep(50);

    // 100 and 50 are too large, 25 fit.
    expect(exchanges(standIn.received)).toEqual([
      [100, 413],
      [50, 413],
      [25, 200],
      [25, 200],
      [50, 413],
      [25, 200],
      [25, 200],
    ]);
    expect(standIn.accepted()).toEqual(sold);
    expect(resent(standIn.received)).toEqual([]);
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([]);
  });

  it('drops a single agreement too large for the console on its own, naming it, and delivers the others', async () => {
    const sold = [
      agreement(1),
      { ...agreement(2), lotTitle: 'Nu couché '.repeat(30) },
      agreement(3),
    ];
    const standIn = await startConsole(tooLargeOver(bodyBytes([agreement(1), agreement(3)])));
    const { client, lines } = ingestInto(standIn.url);
    sold.forEach((item) => client.add(item));
    await waitFor('the refusal', () => lines.length === 1 && client.pendingCount === 0);
    await sleep(50);

    expect(exchanges(standIn.received)).toEqual([
      [3, 413],
      [2, 413],
      [1, 200],
      [1, 413],
      [1, 200],
    ]);
    expect(standIn.accepted()).toEqual([sold[0], sold[2]]);
    expect(lines).toEqual([
      {
        level: 'error',
        text: `gavel: agreement ingest: dropped agreement ${sold[1]!.platformId}: ${standIn.url}/api/platform/agreements answered 413 (payload_too_large: The body is too large.); it alone exceeds the console’s body limit`,
      },
    ]);
  });

  it.each([
    { name: 'one invalid agreement', invalid: [37] },
    { name: 'the first, second and last agreements', invalid: [1, 2, 100] },
  ])(
    'isolates $name of a batch refused with 400, drops only them, and delivers the others once',
    async ({ invalid }) => {
      const sold = agreements(1, 100).map((item, index) =>
        invalid.includes(index + 1) ? { ...item, currency: 'euros' } : item,
      );
      const refused = sold.filter((_, index) => invalid.includes(index + 1));
      const standIn = await startConsole((_, asked) => validating(asked));
      const { client, lines } = ingestInto(standIn.url);
      sold.forEach((item) => client.add(item));
      await waitFor('every answer', () => client.pendingCount === 0 && lines.length >= 1);
      await sleep(50);

      expect(standIn.accepted()).toEqual(sold.filter((item) => !refused.includes(item)));
      expect(resent(standIn.received)).toEqual([]);
      // Each refused agreement ends up alone in a request, once; and halving, not one by one.
      const alone = standIn.received.filter((request) => request.body.items.length === 1);
      expect(alone.filter((request) => request.status === 400).map((r) => r.body.items[0])).toEqual(
        refused,
      );
      expect(standIn.received.length).toBeLessThanOrEqual(1 + 2 * 7 * invalid.length);
      expect(lines).toEqual(
        refused.map((item) => ({
          level: 'error',
          text: `gavel: agreement ingest: dropped agreement ${item.platformId}: ${standIn.url}/api/platform/agreements answered 400 (bad_request: items.0.currency: currency must be an ISO 4217 code such as EUR); the console finds it invalid`,
        })),
      );
    },
  );

  it('sends a cut batch that meets a 503 again as it is, then the rest, in order', async () => {
    const sold = agreements(1, 100);
    const tooLarge = tooLargeOver(bodyBytes(sold.slice(0, 30)));
    const standIn = await startConsole((n, asked) =>
      n === 3
        ? { status: 503, body: { error: { code: 'unavailable', message: 'Starting.' } } }
        : tooLarge(n, asked),
    );
    const { client, lines } = ingestInto(standIn.url);
    sold.forEach((item) => client.add(item));
    await waitFor('every agreement', () => standIn.accepted().length >= 100);
    await sleep(50);

    expect(exchanges(standIn.received)).toEqual([
      [100, 413],
      [50, 413],
      [25, 503],
      [25, 200],
      [25, 200],
      [50, 413],
      [25, 200],
      [25, 200],
    ]);
    expect(standIn.received[3]!.body).toEqual(standIn.received[2]!.body);
    expect(standIn.accepted()).toEqual(sold);
    expect(resent(standIn.received)).toEqual([]);
    expect(lines).toEqual([
      {
        level: 'warn',
        text: 'gavel: agreement ingest: the console answered 503 (unavailable: Starting.); keeping 100 agreements and retrying',
      },
      { level: 'info', text: 'gavel: agreement ingest: the console takes agreements again' },
    ]);
  });

  it('keeps at most maxPending agreements while the console is away, dropping the oldest', async () => {
    let up = false;
    const standIn = await startConsole(() => (up ? { status: 200 } : { status: 502 }));
    const { client, lines } = ingestInto(standIn.url, { maxPending: 10, batchSize: 4 });
    const sold = agreements(1, 25);
    client.add(sold[0]!);
    await waitFor('a failed attempt', () => standIn.received.length === 1 && lines.length === 1);
    sold.slice(1).forEach((item) => client.add(item));
    expect(client.pendingCount).toBe(10);
    await waitFor('another failed attempt', () => standIn.received.length >= 2);
    expect(client.pendingCount).toBe(10);

    up = true;
    await waitFor('the delivery', () => client.pendingCount === 0);
    await sleep(50);
    expect(standIn.accepted()).toEqual(sold.slice(15));
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'info']);
    expect(lines[0]!.text).toMatch(/answered 502/);
    expect(lines[1]!.text).toMatch(/10 agreements already wait for the console/);
    expect(lines[2]!.text).toMatch(/takes agreements again; 15 older agreements were dropped/);
  });

  it('tells onDelivered each batch the console accepted, once, and never one it refused', async () => {
    const standIn = await startConsole((n) =>
      n === 1 ? { status: 503 } : n === 4 ? { status: 404 } : { status: 200 },
    );
    const delivered: PlatformAgreement[][] = [];
    const { client } = ingestInto(standIn.url, {
      batchSize: 2,
      onDelivered: (items) => delivered.push(items),
    });
    agreements(1, 6).forEach((item) => client.add(item));
    await waitFor('every answer', () => client.pendingCount === 0 && standIn.received.length >= 4);
    await sleep(50);

    // 503 then 200 for the first batch, 200 for the second, 404 (dropped) for the third.
    expect(exchanges(standIn.received)).toEqual([
      [2, 503],
      [2, 200],
      [2, 200],
      [2, 404],
    ]);
    expect(delivered).toEqual([agreements(1, 2), agreements(3, 4)]);
  });

  it('flush() sends at once and resolves once the console has the batch', async () => {
    const standIn = await startConsole();
    const { client } = ingestInto(standIn.url, { batchDelayMs: 60_000 });
    client.add(agreement(1));
    await client.flush();
    expect(standIn.accepted()).toEqual([agreement(1)]);
  });

  it('stop() clears the batch timer and the retry timer, and ignores later agreements', async () => {
    const standIn = await startConsole(() => ({ status: 503 }));
    const batching = ingestInto(standIn.url, { batchDelayMs: 30 });
    batching.client.add(agreement(1));
    batching.client.stop();

    const retrying = ingestInto(standIn.url, { retryDelayMs: 30 });
    retrying.client.add(agreement(2));
    await waitFor('the failed attempt', () => standIn.received.length === 1);
    await sleep(10);
    retrying.client.stop();
    retrying.client.add(agreement(3));
    await sleep(150);

    expect(standIn.received.map((request) => request.body.items)).toEqual([[agreement(2)]]);
  });
});
