/** @jest-environment node */
// GET /api/agreements end to end through its route handler, on a real in-memory PGlite database:
// pending agreements page by page, the page size, the parameters refused, and each status's list.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import { expectProblem } from '@/testing/server/agreements-requests';
import { agreementsApiFixture, ids, listed, uuidPattern } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { staff, db, schema, newItem, ingest, list, listOk, decide, allPages } =
  agreementsApiFixture();

describe('GET /api/agreements', () => {
  let batchA: Agreement[];
  let batchB: Agreement[];
  beforeAll(async () => {
    // 130 pending agreements at least: more than the default page and the largest one.
    batchA = await ingest(Array.from({ length: 65 }, () => newItem()));
    batchB = await ingest(Array.from({ length: 65 }, () => newItem()));
  });

  it('answers pending agreements, oldest first, 25 a page by default', async () => {
    const page = await listOk('');
    expect(Object.keys(page).sort()).toEqual(['items', 'nextCursor', 'total']);
    expect(page.items).toHaveLength(25);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.items.every((agreement) => agreement.status === 'pending')).toBe(true);
    for (const agreement of page.items) expect(agreement.id).toMatch(uuidPattern);
    const created = page.items.map((agreement) => Date.parse(agreement.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));

    // Every pending agreement, page after page: arrival order, each once.
    const everything = await allPages('');
    expect(new Set(ids(everything)).size).toBe(everything.length);
    expect(everything.slice(0, 25)).toEqual(page.items);
    const ours = new Set(ids([...batchA, ...batchB]));
    expect(ids(everything).filter((id) => ours.has(id))).toEqual(ids([...batchA, ...batchB]));
    const [pendingRows] = await db()
      .select({ value: count() })
      .from(schema().agreements)
      .where(eq(schema().agreements.status, 'pending'));
    expect(everything).toHaveLength(pendingRows!.value);
  });

  it('continues the next page right after the last item shown', async () => {
    const first = await listOk('?limit=10');
    const second = await listOk(`?limit=10&cursor=${first.nextCursor}`);
    const both = await listOk('?limit=20');
    expect([...first.items, ...second.items]).toEqual(both.items);
  });

  it('answers up to 100 a page', async () => {
    const page = await listOk('?limit=100');
    expect(page.items).toHaveLength(100);
    expect(page.nextCursor).not.toBeNull();
  });

  it('treats empty parameters as absent', async () => {
    const plain = await listOk('');
    expect(await listOk('?status=&cursor=&limit=&q=')).toEqual(plain);
    expect(await listOk('?status=&limit=')).toEqual(plain);
  });

  it('ignores unknown parameters', async () => {
    expect(await listOk('?order=desc&page=3')).toEqual(await listOk(''));
  });

  it.each<[string, string]>([
    ['limit=101', '?limit=101'],
    ['limit=0', '?limit=0'],
    ['limit=-1', '?limit=-1'],
    ['limit=2.5', '?limit=2.5'],
    ['limit=abc', '?limit=abc'],
    ['limit=1e9', '?limit=1e9'],
    ['an unknown status', '?status=archived'],
    ['status=PENDING', '?status=PENDING'],
    ['a foreign cursor', '?cursor=abc'],
    ['a cursor that names no position', `?cursor=a1.${Buffer.from('x').toString('base64url')}`],
    ['a negative cursor', `?cursor=a1.${Buffer.from('-1').toString('base64url')}`],
    ['a 201-character cursor', `?cursor=a1.${'A'.repeat(198)}`],
    ['a 201-character q', `?q=${'q'.repeat(201)}`],
  ])('%s -> 400 bad_request', async (_name, query) => {
    await expectProblem(await list(query), 400, 'bad_request');
  });
});

describe('GET /api/agreements?status=', () => {
  it('shows decided agreements under approved and rejected, and no longer under pending', async () => {
    const marker = `st${randomUUID().slice(0, 8)}`;
    const [toApprove, toReject, stays] = await ingest([
      newItem({ buyer: `${marker} one` }),
      newItem({ buyer: `${marker} two` }),
      newItem({ buyer: `${marker} three` }),
    ]);
    const approved = await decide(toApprove!.id, { decision: 'approve', version: 1 });
    expect(approved.status).toBe(200);
    const rejected = await decide(
      toReject!.id,
      { decision: 'reject', version: 1, reason: 'Buyer withdrew' },
      staff.bob,
    );
    expect(rejected.status).toBe(200);

    const pending = await listOk(`?q=${marker}`);
    expect(ids(pending.items)).toEqual([stays!.id]);

    const approvedPage = await listOk(`?status=approved&q=${marker}`);
    expect(approvedPage.items).toEqual([listed(await approved.json())]);
    expect(approvedPage.items[0]).toMatchObject({ status: 'approved', decidedBy: 'alice' });

    const rejectedPage = await listOk(`?status=rejected&q=${marker}`);
    expect(rejectedPage.items).toEqual([listed(await rejected.json())]);
    expect(rejectedPage.items[0]).toMatchObject({ status: 'rejected', reason: 'Buyer withdrew' });

    for (const status of ['approved', 'rejected'] as const) {
      const everything = await allPages(`?status=${status}&limit=50`);
      expect(everything.length).toBeGreaterThan(0);
      expect(everything.every((agreement) => agreement.status === status)).toBe(true);
    }
  });
});
