/** @jest-environment node */
import type { Agreement } from '@/lib/agreements/agreement';
import type { ListPosition } from './cursor';
import { agreementsCsv, exportFileName, type ReadBatch } from './export';

const header =
  'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason\r\n';

function agreement(serial: number): Agreement {
  return {
    id: `id-${serial}`,
    platformId: `p-${serial}`,
    auctionId: 'sale',
    lotId: `lot-${serial}`,
    lotTitle: `Lot ${serial}`,
    buyer: `Paddle ${serial}`,
    amount: serial * 100,
    currency: 'EUR',
    status: 'pending',
    version: 1,
    closedAt: '2026-03-02T18:30:00.000Z',
    createdAt: '2026-03-02T18:30:00.000Z',
    decidedAt: null,
    decidedBy: null,
    decidedByName: null,
    reason: null,
    requiredApprovals: 1,
    approvals: [],
  };
}

const line = (serial: number) =>
  `id-${serial},p-${serial},sale,lot-${serial},Lot ${serial},Paddle ${serial},EUR,${serial}.00,${serial * 100},pending,2026-03-02T18:30:00.000Z,,,\r\n`;

/** A table of `rows` agreements read `batchSize` at a time after a position, like the database. */
function fakeTable(rows: number) {
  const reads: (ListPosition | undefined)[] = [];
  const read =
    (batchSize: number): ReadBatch =>
    async (after) => {
      reads.push(after);
      const start = after ? Number(after.key) : 0;
      const items = Array.from({ length: Math.max(0, Math.min(batchSize, rows - start)) }, (_, i) =>
        agreement(start + i + 1),
      );
      const end = start + items.length;
      return { items, last: items.length ? { key: String(end), seq: end } : null };
    };
  return { reads, read };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('agreementsCsv', () => {
  it.each<[string, number, number, number]>([
    ['no agreement: the header alone, one read', 0, 3, 1],
    ['fewer than a batch: one read', 2, 3, 1],
    ['exactly one batch: a second read finds nothing', 3, 3, 2],
    ['several batches and a short one', 8, 3, 3],
    ['several full batches', 9, 3, 4],
  ])('%s', async (_name, rows, batchSize, reads) => {
    const table = fakeTable(rows);
    const csv = await readAll(await agreementsCsv(table.read(batchSize), batchSize));
    const serials = Array.from({ length: rows }, (_, i) => i + 1);
    expect(csv).toBe(header + serials.map(line).join(''));
    expect(table.reads).toHaveLength(reads);
    // Each read starts after the last row of the one before.
    expect(table.reads.map((after) => after?.seq ?? 0)).toEqual(
      Array.from({ length: reads }, (_, i) => i * batchSize),
    );
  });

  it('reads the first batch at once, then one more only when the reader asks', async () => {
    const table = fakeTable(10);
    const stream = await agreementsCsv(table.read(2), 2);
    expect(table.reads).toHaveLength(1);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(header);
    expect(decoder.decode((await reader.read()).value)).toBe(line(1) + line(2));
    expect(table.reads).toHaveLength(1);
    expect(decoder.decode((await reader.read()).value)).toBe(line(3) + line(4));
    expect(table.reads).toHaveLength(2);
    // A reader that goes away stops the reads.
    await reader.cancel();
    expect(table.reads).toHaveLength(2);
  });

  it('fails at once when the first read fails, before any byte is sent', async () => {
    await expect(
      agreementsCsv(async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
  });

  it('breaks the download off when a later read fails, and reports it', async () => {
    const table = fakeTable(10);
    const failing: ReadBatch = async (after) => {
      if (after) throw new Error('connection lost');
      return table.read(2)(after);
    };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(readAll(await agreementsCsv(failing, 2))).rejects.toThrow('connection lost');
      expect(errors).toHaveBeenCalledWith('The agreements export failed', expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });
});

describe('exportFileName', () => {
  const now = new Date('2026-11-21T23:59:59Z');

  it.each<[string, string, string | undefined, string]>([
    ['the status and the day', 'pending', undefined, 'agreements-pending-2026-11-21.csv'],
    [
      'the sale',
      'approved',
      'london-watches-2026',
      'agreements-approved-london-watches-2026-2026-11-21.csv',
    ],
    [
      'a sale with spaces and quotes, made safe',
      'pending',
      'Sale "A", Paris',
      'agreements-pending-Sale-A-Paris-2026-11-21.csv',
    ],
    ['a sale of accents only, left out', 'pending', 'éé', 'agreements-pending-2026-11-21.csv'],
    ['a sale with dots at its ends', 'pending', '../etc', 'agreements-pending-etc-2026-11-21.csv'],
  ])('names %s', (_name, status, sale, expected) => {
    expect(exportFileName(status, sale, now)).toBe(expected);
  });

  it('keeps a long sale id to 60 characters', () => {
    const name = exportFileName('pending', 's'.repeat(100), now);
    expect(name).toBe(`agreements-pending-${'s'.repeat(60)}-2026-11-21.csv`);
  });
});
