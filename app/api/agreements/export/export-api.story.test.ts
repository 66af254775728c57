/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: the
// lot's story (catalogue, approvals, flags) in the CSV and the workbook.
import '@/testing/server/memory-database-env';
import type { Agreement } from '@/lib/agreements/agreement';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import { ingestItemFactory } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory } from '@/testing/server/sales-requests';
import { exportFixture, parseCsv } from './export-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const {
  database,

  cookies,
  ingest,

  decide,

  exportOk,

  expectXlsxEqualsCsv,
} = exportFixture();

describe("the lot's story", () => {
  const sale = 'story-2026';
  const storyItem = ingestItemFactory('story-', {
    auctionId: sale,
    lotTitle: 'Story lot',
    amount: 10_000,
    currency: 'EUR',
    closedAt: '2026-04-01T10:00:00Z',
  });
  let below: Agreement;
  let above: Agreement;
  let uncatalogued: Agreement;
  let firstApproval: string;

  async function insertFlags(lotId: string, states: FlagState[]) {
    const { saleFlags } = await import('@/lib/server/db/schema');
    const db = await database();
    await db.insert(saleFlags).values(
      states.map((state, index) => ({
        id: `story-flag:${lotId}:${index}`,
        rule: 'self-raise',
        auctionId: sale,
        lotId,
        paddles: ['P-7'],
        bidIds: [],
        raisedAt: new Date('2026-04-01T09:00:00Z'),
        timetoken: `1775000000000000${index}`,
        state,
      })),
    );
  }

  beforeAll(async () => {
    const lot = lotItemFactory(sale, '=Important Watches, Geneva');
    await ingestLotsOk([lot({ lotNumber: 7 }), lot({ lotNumber: 12 })]);
    [below, above, uncatalogued] = (await ingest([
      storyItem({ lotId: 'lot-1', amount: 500_000, closedAt: '2026-04-01T10:00:00Z' }),
      // At the four-eyes threshold (EUR 100,000): two approvals.
      storyItem({ lotId: 'lot-2', amount: 10_000_000, closedAt: '2026-04-01T10:01:00Z' }),
      storyItem({ lotId: 'lot-9', amount: 700, closedAt: '2026-04-01T10:02:00Z' }),
    ])) as [Agreement, Agreement, Agreement];
    const approved = await decide(below.id, { decision: 'approve', version: 1 });
    expect(approved.status).toBe(200);
    below = (await approved.json()) as Agreement;
    const first = await decide(above.id, { decision: 'approve', version: 1 });
    expect(first.status).toBe(200);
    firstApproval = ((await first.json()) as Agreement).approvals[0]!.at;
    const second = await decide(above.id, { decision: 'approve', version: 2 }, cookies.supervisor);
    expect(second.status).toBe(200);
    above = (await second.json()) as Agreement;
    // Flags raised after the decisions: an escalated one would have held the approval back.
    await insertFlags('lot-1', ['open', 'cleared', 'cleared']);
    await insertFlags('lot-2', ['escalated', 'escalated', 'open', 'cleared']);
  });

  it('adds the sale title and lot number, who decided by name, the first approval and the flags', async () => {
    const records = parseCsv(await exportOk(`?sale=${sale}&status=approved`));
    const story = records.map((record) => record.slice(-6));
    expect(story).toEqual([
      ['saleTitle', 'lotNumber', 'decidedByName', 'firstApprovedBy', 'firstApprovedAt', 'flags'],
      // A sale title that reads as a formula gets the guard, as every text does.
      [
        "'=Important Watches, Geneva",
        '7',
        'Erin Walsh',
        'erin',
        below.approvals[0]!.at,
        'open 1; escalated 0; cleared 2',
      ],
      // Two approvals: the first one's, while the decision is the second's.
      [
        "'=Important Watches, Geneva",
        '12',
        'Sam Okafor',
        'erin',
        firstApproval,
        'open 1; escalated 2; cleared 1',
      ],
    ]);
    expect(records.map((record) => record[12])).toEqual(['decidedBy', 'erin', 'sam']);
    expect(above.approvals.map((approval) => approval.by)).toEqual(['erin', 'sam']);
  });

  it('leaves the catalogue columns empty for a lot the catalogue lacks, the counts at zero', async () => {
    const records = parseCsv(await exportOk(`?sale=${sale}`));
    expect(records.slice(1).map((record) => [record[0], ...record.slice(-6)])).toEqual([
      [uncatalogued.id, '', '', '', '', '', 'open 0; escalated 0; cleared 0'],
    ]);
  });

  it('as a workbook: the same story, the lot number a number and the approval time a date', async () => {
    const { sheet } = await expectXlsxEqualsCsv(`?sale=${sale}&status=approved`);
    expect(sheet[2]!.slice(-6)).toEqual([
      '=Important Watches, Geneva',
      12,
      'Sam Okafor',
      'erin',
      new Date(firstApproval),
      'open 1; escalated 2; cleared 1',
    ]);
    await expectXlsxEqualsCsv(`?sale=${sale}`);
  });
});
