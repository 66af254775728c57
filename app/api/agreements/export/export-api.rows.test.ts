/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: every
// row past one batch, the same rows in the same order as the list.
import '@/testing/server/memory-database-env';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import { exportFixture, item } from './export-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const {
  ingest,
  listOk,

  exportOk,

  expectXlsxEqualsCsv,
} = exportFixture();

describe('many rows', () => {
  /** 1,234 agreements: two full batches of 500 and a short one. */
  const count = 1_234;
  beforeAll(async () => {
    for (let sent = 0; sent < count; sent += 100) {
      const batch = Array.from({ length: Math.min(100, count - sent) }, (_, offset) => {
        // Amounts and close times spread out, with ties in both.
        const index = sent + offset;
        return item({
          amount: 1_000 + ((index * 7919) % 50_000),
          closedAt: new Date(Date.UTC(2026, 0, 1) + (index % 37) * 60_000).toISOString(),
        });
      });
      await ingest(batch);
    }
  });

  /** Every page of the list for a query, 100 at a time. */
  async function listAll(query: string): Promise<Agreement[]> {
    const items: Agreement[] = [];
    let cursor: string | null = null;
    do {
      const page: AgreementPage = await listOk(
        `${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return items;
  }

  it.each(['closedAt', '-closedAt', 'amount', '-amount'])(
    'sort=%s: every row past one batch, the same rows in the same order as the list',
    async (sort) => {
      const query = `?sale=bulk-sale&sort=${sort}`;
      const csv = await exportOk(query);
      const records = csv.split('\r\n');
      expect(records.at(-1)).toBe('');
      expect(records).toHaveLength(count + 2);
      const listed = await listAll(query);
      expect(listed).toHaveLength(count);
      expect(records.slice(1, -1).map((record) => record.split(',')[0])).toEqual(
        listed.map((agreement) => agreement.id),
      );
      expect(records.slice(1, -1).map((record) => record.split(',')[8])).toEqual(
        listed.map((agreement) => String(agreement.amount)),
      );
    },
  );

  it('as a workbook: the CSV row for row, past several batches', async () => {
    const { sheet } = await expectXlsxEqualsCsv('?sale=bulk-sale&sort=-amount');
    expect(sheet).toHaveLength(count + 1);
  });
});
