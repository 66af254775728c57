/** @jest-environment node */
// The catalogue path of the platform sender: the simulator's lots into a stand-in for the
// console's POST /api/platform/lots, validated by the console's own schema.
import type { AddressInfo } from 'node:net';
import { lotIngestBodySchema } from '@/lib/server/sales/lot-input';
import { sleep, waitFor } from '@/testing/wait-for';
import {
  closeStandIns,
  exchanges,
  recordingLog,
  startConsole,
  type Answer,
  type Asked,
} from './ingest-stand-in.ts';
import { createLotIngest, type PlatformLot } from './lot-ingest.ts';

jest.setTimeout(10_000);

const token = 'test-platform-token-0123';

const clients: { stop: () => void }[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.stop();
  await closeStandIns();
});

function ingestInto(consoleUrl: string, options: Partial<Parameters<typeof createLotIngest>[0]>) {
  const { log, lines } = recordingLog();
  const delivered: PlatformLot[][] = [];
  const client = createLotIngest({
    consoleUrl,
    token,
    batchDelayMs: 10,
    retryDelayMs: 20,
    maxRetryDelayMs: 80,
    // The product's own: a loaded machine must not turn a slow answer into a resend.
    requestTimeoutMs: 10_000,
    log,
    onDelivered: (items) => delivered.push(items),
    ...options,
  });
  clients.push(client);
  return { client, lines, delivered };
}

const lot = (n: number): PlatformLot => ({
  auctionId: 'paris-modern-art-2026',
  saleTitle: 'Modern & Contemporary Art, Paris',
  lotId: `lot-${String(n).padStart(4, '0')}`,
  lotNumber: n,
  lotTitle: 'Nu couché',
  currency: 'EUR',
  lowEstimate: 1_500_000,
  highEstimate: 2_500_000,
  reserve: n % 3 === 0 ? null : 1_200_000,
  startingBid: 900_000,
  scheduledCloseAt: n % 4 === 0 ? null : new Date(Date.UTC(2026, 2, 14, 18, n)).toISOString(),
});
const lots = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => lot(from + index));

/** Answers as the console does: 400 naming the invalid fields, for the whole batch. */
function validating({ body }: Asked<PlatformLot>): Answer {
  const parsed = lotIngestBodySchema.safeParse(body);
  if (parsed.success) return { status: 200, body: { items: [], created: 0, updated: 0 } };
  const message = parsed.error.issues
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  return { status: 400, body: { error: { code: 'bad_request', message } } };
}

describe('createLotIngest', () => {
  it('posts the catalogue to /api/platform/lots with the bearer token, as the console validates it', async () => {
    const standIn = await startConsole<PlatformLot>((_, asked) => validating(asked));
    const { client, lines, delivered } = ingestInto(`${standIn.url}/`, {});
    const catalogue = lots(1, 12);
    catalogue.forEach((item) => client.add(item));
    await waitFor('the batch', () => delivered.length === 1);
    await sleep(50);

    expect(exchanges(standIn.received)).toEqual([[12, 200]]);
    const [request] = standIn.received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/platform/lots');
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({ items: catalogue });
    expect(delivered).toEqual([catalogue]);
    expect(client.pendingCount).toBe(0);
    expect(lines).toEqual([]);
  });

  it('sends at most 200 lots a request, each once and in order, and reports each delivery', async () => {
    const standIn = await startConsole<PlatformLot>((_, asked) => validating(asked));
    const { client, delivered } = ingestInto(standIn.url, {});
    const catalogue = lots(1, 450);
    catalogue.forEach((item) => client.add(item));
    await waitFor('every lot', () => standIn.accepted().length >= 450);
    await sleep(50);

    expect(exchanges(standIn.received)).toEqual([
      [200, 200],
      [200, 200],
      [50, 200],
    ]);
    expect(standIn.accepted()).toEqual(catalogue);
    expect(delivered.flat()).toEqual(catalogue);
  });

  it('keeps the catalogue while the console is not listening, says so once, then delivers it', async () => {
    const placeholder = await startConsole<PlatformLot>();
    const port = (placeholder.server.address() as AddressInfo).port;
    await new Promise((resolve) => placeholder.server.close(resolve));
    const { client, lines, delivered } = ingestInto(`http://127.0.0.1:${port}`, {});
    lots(1, 3).forEach((item) => client.add(item));
    await waitFor('a refused attempt', () => lines.some((line) => /ECONNREFUSED/.test(line.text)));
    expect(delivered).toEqual([]);
    expect(client.pendingCount).toBe(3);

    const standIn = await startConsole<PlatformLot>(undefined, port);
    await waitFor('the delivery', () => delivered.length === 1);
    await sleep(100);
    expect(standIn.accepted()).toEqual(lots(1, 3));
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(lines[0]!.text).toMatch(
      /^gavel: catalogue ingest: the console is unreachable \(ECONNREFUSED\); keeping 3 lots and retrying$/,
    );
    expect(lines[1]!.text).toBe('gavel: catalogue ingest: the console takes lots again');
  });

  it('isolates a lot refused with 409 (its number taken), drops only it, naming it, and delivers the others', async () => {
    // The console refuses the whole batch when one lot claims a number another lot keeps.
    const standIn = await startConsole<PlatformLot>((_, { body }) =>
      body.items.some((item) => item.lotNumber === 7)
        ? {
            status: 409,
            body: { error: { code: 'conflict', message: 'items.0.lotNumber: lot x has it.' } },
          }
        : { status: 200 },
    );
    const { client, lines, delivered } = ingestInto(standIn.url, {});
    const catalogue = lots(1, 10);
    catalogue.forEach((item) => client.add(item));
    await waitFor('every answer', () => client.pendingCount === 0 && lines.length === 1);
    await sleep(50);

    expect(standIn.accepted()).toEqual(catalogue.filter((item) => item.lotNumber !== 7));
    expect(delivered.flat()).toEqual(standIn.accepted());
    expect(lines).toEqual([
      {
        level: 'error',
        text: `gavel: catalogue ingest: dropped lot paris-modern-art-2026/lot-0007: ${standIn.url}/api/platform/lots answered 409 (conflict: items.0.lotNumber: lot x has it.); it conflicts with what the console holds`,
      },
    ]);
  });

  it('isolates an invalid lot refused with 400 and delivers the rest of its batch', async () => {
    const catalogue = lots(1, 20).map((item) =>
      item.lotNumber === 13 ? { ...item, lowEstimate: item.highEstimate + 1 } : item,
    );
    const standIn = await startConsole<PlatformLot>((_, asked) => validating(asked));
    const { client, lines, delivered } = ingestInto(standIn.url, {});
    catalogue.forEach((item) => client.add(item));
    await waitFor('every answer', () => client.pendingCount === 0 && lines.length === 1);
    await sleep(50);

    expect(delivered.flat()).toEqual(catalogue.filter((item) => item.lotNumber !== 13));
    expect(lines[0]!.text).toMatch(
      /^gavel: catalogue ingest: dropped lot paris-modern-art-2026\/lot-0013: .* answered 400 \(bad_request: items\.0\.highEstimate: highEstimate must not be below lowEstimate\); the console finds it invalid$/,
    );
  });
});
