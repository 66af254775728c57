/** @jest-environment node */
// The agreements API (list, history, decision) end to end through its route handlers, on a real
// in-memory PGlite database; agreements arrive through the platform ingest route.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
  type Cookie,
} from '@/testing/server/agreements-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let schema: Schema;
let connection: Connection;
let db: Database;
/** Session cookies of two staff members. */
let alice: string;
let bob: string;

// A call given no cookie is Alice's.
const { signIn, ingest, list, listOk, history, historyOk, decide } = agreementsApi(() => alice);
const newItem = ingestItemFactory('api-');

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  db = await connection.database();
  await createAccount(db, {
    loginId: 'alice',
    displayName: 'Alice Martin',
    password: staffPassword,
    role: 'clerk',
  });
  await createAccount(db, {
    loginId: 'bob',
    displayName: 'Bob Stone',
    password: staffPassword,
    role: 'clerk',
  });
  alice = await signIn('alice');
  bob = await signIn('bob');
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

async function ingestOne(change: Record<string, unknown> = {}): Promise<Agreement> {
  return (await ingest([newItem(change)]))[0]!;
}

async function logCount(ids: string | string[]): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(schema.agreementDecisions)
    .where(inArray(schema.agreementDecisions.agreementId, [ids].flat()));
  return row!.value;
}

/** The agreement is exactly as ingested: pending, version 1, no decision, nothing logged. */
async function expectUntouched(agreement: Agreement) {
  const now = await historyOk(agreement.id);
  expect(now.agreement).toEqual(agreement);
  expect(now.agreement).toMatchObject({ status: 'pending', version: 1, decidedAt: null });
  expect(now.decisions).toEqual([]);
  expect(await logCount(agreement.id)).toBe(0);
}

/** Every page of a query, following nextCursor to the end. */
async function allPages(query: string): Promise<Agreement[]> {
  const items: Agreement[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1_000; pages += 1) {
    const separator = query ? '&' : '?';
    const page: AgreementPage = await listOk(
      cursor === null ? query : `${query}${separator}cursor=${encodeURIComponent(cursor)}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) return items;
  }
  throw new Error('the pager never ended');
}

const ids = (agreements: Agreement[]) => agreements.map((agreement) => agreement.id);

// ---- tests ----

/** An agreement as the list shows it: with its lot's context (§14), here a lot the catalogue lacks. */
const listed = (agreement: Agreement) => ({
  ...agreement,
  saleTitle: null,
  lotNumber: null,
  flags: { open: 0, escalated: 0, cleared: 0 },
});

describe('signed out', () => {
  let agreement: Agreement;
  beforeAll(async () => {
    agreement = await ingestOne();
  });

  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: list, history and decision answer 401', async (_name, cookie) => {
    await expectProblem(await list('', cookie), 401, 'unauthorized');
    await expectProblem(await list('?status=approved&limit=5', cookie), 401, 'unauthorized');
    await expectProblem(await history(agreement.id, cookie), 401, 'unauthorized');
    await expectProblem(
      await decide(agreement.id, { decision: 'approve', version: 1 }, cookie),
      401,
      'unauthorized',
    );
    await expectUntouched(agreement);
  });

  it.each<[string, unknown]>([
    ['an invalid body', { decision: 'maybe', version: 'one' }],
    ['a reject without a reason', { decision: 'reject', version: 1 }],
    ['malformed JSON', '{"decision":'],
    ['a body over 64 KiB', { decision: 'reject', version: 1, reason: 'r'.repeat(70_000) }],
  ])('a decision with %s still answers 401, not 400 or 413', async (_name, body) => {
    await expectProblem(await decide(agreement.id, body, null), 401, 'unauthorized');
    await expectUntouched(agreement);
  });

  it('answers 401, not 400 or 404, for a bad query or an unknown id', async () => {
    await expectProblem(await list('?limit=abc', null), 401, 'unauthorized');
    await expectProblem(await history('not-a-uuid', null), 401, 'unauthorized');
    await expectProblem(
      await decide(randomUUID(), { decision: 'approve', version: 1 }, null),
      401,
      'unauthorized',
    );
  });
});

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
    const [pendingRows] = await db
      .select({ value: count() })
      .from(schema.agreements)
      .where(eq(schema.agreements.status, 'pending'));
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

describe('GET /api/agreements?q=', () => {
  const marker = `zq${randomUUID().slice(0, 8)}`;
  let byTitle: Agreement;
  let byLotId: Agreement;
  let byBuyer: Agreement;
  let percent: Agreement;
  let percentLookalike: Agreement;
  let underscore: Agreement;
  let underscoreLookalike: Agreement;
  let backslash: Agreement;

  /** Every agreement the marker finds, in arrival order. */
  let all: Agreement[];

  beforeAll(async () => {
    all = await ingest([
      newItem({ lotTitle: `Patek Philippe ${marker} Calatrava` }),
      newItem({ lotId: `LOT-${marker.toUpperCase()}-B` }),
      newItem({ buyer: `Online ${marker}` }),
      newItem({ lotTitle: `Silk scarf 100% ${marker}` }),
      newItem({ lotTitle: `Silk scarf 1000 ${marker}` }),
      newItem({ lotTitle: `Lamp a_b ${marker}` }),
      newItem({ lotTitle: `Lamp axb ${marker}` }),
      newItem({ lotTitle: `Print back\\slash ${marker}` }),
    ]);
    [
      byTitle,
      byLotId,
      byBuyer,
      percent,
      percentLookalike,
      underscore,
      underscoreLookalike,
      backslash,
    ] = all as [
      Agreement,
      Agreement,
      Agreement,
      Agreement,
      Agreement,
      Agreement,
      Agreement,
      Agreement,
    ];
    await ingestOne({ lotTitle: 'Nothing to find here' });
  });

  const search = async (q: string) => ids((await listOk(`?q=${encodeURIComponent(q)}`)).items);

  it('matches the lot title, the lot id and the buyer, case-insensitively, oldest first', async () => {
    expect(await search(marker)).toEqual(ids(all));
    expect(await search(marker.toUpperCase())).toEqual(ids(all));
    expect(await search(`  ${marker}  `)).toEqual(ids(all));
  });

  it.each<[string, () => string, () => Agreement[]]>([
    ['a word of the title in another case', () => 'CALATRAVA', () => [byTitle]],
    ['part of the lot id in lower case', () => `lot-${marker}-b`, () => [byLotId]],
    ['part of the buyer', () => `online ${marker}`, () => [byBuyer]],
    ['a literal %', () => `100%`, () => [percent]],
    ['% alone', () => '%', () => [percent]],
    ['a literal _', () => 'a_b', () => [underscore]],
    ['_ alone', () => '_', () => [underscore]],
    ['a literal backslash', () => 'k\\s', () => [backslash]],
    ['a pattern of wildcards', () => `%${marker}%`, () => []],
  ])('%s', async (_name, q, expected) => {
    expect(await search(q())).toEqual(ids(expected()));
  });

  it('refuses a search with a NUL (control characters) with 400, not 500', async () => {
    await expectProblem(await list('?q=%00'), 400, 'bad_request');
  });

  it('searches within the status asked and pages the results', async () => {
    const first = await listOk(`?q=${marker}&limit=3`);
    expect(ids(first.items)).toEqual(ids([byTitle, byLotId, byBuyer]));
    const rest = await listOk(`?q=${marker}&limit=10&cursor=${first.nextCursor}`);
    expect(ids(rest.items)).toEqual(
      ids([percent, percentLookalike, underscore, underscoreLookalike, backslash]),
    );
    expect(rest.nextCursor).toBeNull();
    expect((await listOk(`?q=${marker}&status=approved`)).items).toEqual([]);
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
      bob,
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

describe('paging while agreements arrive and are decided', () => {
  it('visits each of 200 agreements ingested during paging exactly once, in arrival order', async () => {
    const marker = `pg${randomUUID().slice(0, 8)}`;
    const ingested: Agreement[] = [];
    const visited: Agreement[] = [];
    const pager = { cursor: null as string | null, pages: 0 };
    const nextPage = async () => {
      const page: AgreementPage = await listOk(
        `?limit=7${pager.cursor === null ? '' : `&cursor=${pager.cursor}`}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(7);
      visited.push(...page.items);
      pager.cursor = page.nextCursor;
      pager.pages += 1;
      return page;
    };

    for (let batch = 0; batch < 20; batch += 1) {
      ingested.push(
        ...(await ingest(
          Array.from({ length: 10 }, (_, i) => newItem({ lotTitle: `${marker} ${batch}-${i}` })),
        )),
      );
      const page = await nextPage();
      // The pager lags (7 a page, 10 a batch), so it never reaches the end while they arrive.
      expect(page.items).toHaveLength(7);
      expect(page.nextCursor).not.toBeNull();
    }
    while (pager.cursor !== null && pager.pages < 1_000) await nextPage();
    expect(pager.cursor).toBeNull();

    expect(ingested).toHaveLength(200);
    expect(new Set(ids(visited)).size).toBe(visited.length);
    const ours = new Set(ids(ingested));
    expect(ids(visited).filter((id) => ours.has(id))).toEqual(ids(ingested));
  });

  it('neither skips nor repeats when agreements on and after the current page are decided', async () => {
    const marker = `pd${randomUUID().slice(0, 8)}`;
    const ingested = await ingest(
      Array.from({ length: 40 }, (_, i) => newItem({ lotTitle: `${marker} ${i}` })),
    );
    const query = `?q=${marker}&limit=7`;
    const visited: Agreement[] = [];

    const first = await listOk(query);
    visited.push(...first.items);
    // Decide the item the cursor points at, one already shown, and one not yet reached.
    const anchor = first.items.at(-1)!;
    const ahead = ingested[20]!;
    for (const agreement of [anchor, first.items[0]!, ahead]) {
      expect((await decide(agreement.id, { decision: 'approve', version: 1 })).status).toBe(200);
    }
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page: AgreementPage = await listOk(`${query}&cursor=${cursor}`);
      visited.push(...page.items);
      cursor = page.nextCursor;
    }

    expect(new Set(ids(visited)).size).toBe(visited.length);
    expect(ids(visited)).toEqual(ids(ingested.filter((agreement) => agreement !== ahead)));
  });
});

describe('POST /api/agreements/{id}/decision', () => {
  it('approves: 200 with the agreement approved at version 2 by the signed-in staff member', async () => {
    const agreement = await ingestOne();
    const before = Date.now();
    const response = await decide(agreement.id, { decision: 'approve', version: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const decided = (await response.json()) as Agreement;
    expect(decided).toEqual({
      ...agreement,
      status: 'approved',
      version: 2,
      decidedAt: expect.stringMatching(isoPattern),
      decidedBy: 'alice',
      decidedByName: 'Alice Martin',
      reason: null,
      requiredApprovals: 1,
      approvals: [{ by: 'alice', byName: 'Alice Martin', at: decided.decidedAt }],
    });
    const decidedAt = Date.parse(decided.decidedAt!);
    expect(decidedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(decidedAt).toBeLessThanOrEqual(Date.now() + 1_000);

    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(decided);
    expect(decisions).toEqual([
      {
        id: expect.any(Number),
        decision: 'approve',
        reason: null,
        statusBefore: 'pending',
        statusAfter: 'approved',
        decidedBy: 'alice',
        decidedByName: 'Alice Martin',
        decidedAt: decided.decidedAt,
      },
    ]);
    const [row] = await db
      .select()
      .from(schema.agreementDecisions)
      .where(eq(schema.agreementDecisions.agreementId, agreement.id));
    expect(row).toMatchObject({ versionBefore: 1, loginId: 'alice', decision: 'approve' });
  });

  it('approves with an optional reason, trimmed', async () => {
    const agreement = await ingestOne();
    const response = await decide(
      agreement.id,
      { decision: 'approve', version: 1, reason: '  Paid in full  ' },
      bob,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'approved',
      reason: 'Paid in full',
      decidedBy: 'bob',
      decidedByName: 'Bob Stone',
    });
  });

  it('rejects with a reason: 200, the reason trimmed and logged', async () => {
    const agreement = await ingestOne();
    const response = await decide(
      agreement.id,
      { decision: 'reject', version: 1, reason: '  Buyer failed the credit check \n' },
      bob,
    );
    expect(response.status).toBe(200);
    const decided = (await response.json()) as Agreement;
    expect(decided).toMatchObject({
      id: agreement.id,
      status: 'rejected',
      version: 2,
      decidedBy: 'bob',
      decidedByName: 'Bob Stone',
      reason: 'Buyer failed the credit check',
    });
    const { decisions } = await historyOk(agreement.id);
    expect(decisions).toEqual([
      expect.objectContaining({
        decision: 'reject',
        reason: 'Buyer failed the credit check',
        statusBefore: 'pending',
        statusAfter: 'rejected',
        decidedBy: 'bob',
      }),
    ]);
  });

  it.each<[string, unknown]>([
    ['a reject without a reason', { decision: 'reject', version: 1 }],
    ['a reject with a null reason', { decision: 'reject', version: 1, reason: null }],
    ['a reject with an empty reason', { decision: 'reject', version: 1, reason: '' }],
    [
      'a reject with reason "  a " (1 character trimmed)',
      { decision: 'reject', version: 1, reason: '  a ' },
    ],
    ['a reject with 2 characters', { decision: 'reject', version: 1, reason: 'no' }],
    ['a reject with 501 characters', { decision: 'reject', version: 1, reason: 'r'.repeat(501) }],
    [
      'an approve with 501 characters',
      { decision: 'approve', version: 1, reason: 'r'.repeat(501) },
    ],
    ['an unknown decision', { decision: 'defer', version: 1 }],
    ['no version', { decision: 'approve' }],
    ['version 0', { decision: 'approve', version: 0 }],
    ['a version as a string', { decision: 'approve', version: '1' }],
    ['an unknown extra field', { decision: 'approve', version: 1, status: 'approved' }],
    ['a JSON array', [{ decision: 'approve', version: 1 }]],
    ['malformed JSON', '{"decision": "approve",'],
    ['an empty body', ''],
  ])('%s -> 400 bad_request, the agreement untouched', async (_name, body) => {
    const agreement = await ingestOne();
    await expectProblem(await decide(agreement.id, body), 400, 'bad_request');
    await expectUntouched(agreement);
  });

  it('names the reason when a reject lacks one', async () => {
    const agreement = await ingestOne();
    const { error } = await expectProblem(
      await decide(agreement.id, { decision: 'reject', version: 1, reason: '  a ' }),
      400,
      'bad_request',
    );
    expect(error.message).toMatch(/^reason: /);
  });

  it('answers 409 conflict with the current agreement for a stale version', async () => {
    const agreement = await ingestOne();
    for (const version of [2, 7]) {
      const response = await decide(agreement.id, { decision: 'approve', version });
      expect(response.status).toBe(409);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        error: { code: 'conflict', message: expect.any(String) },
        agreement,
      });
    }
    await expectUntouched(agreement);
  });

  // Any integer version is either stale (409 with the current state) or refused (400); the
  // version column is a 32-bit integer, so a larger one must not reach the database as it is.
  it.each([2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER])(
    'answers 409 or 400, not 500, for version %p',
    async (version) => {
      const agreement = await ingestOne();
      const response = await decide(agreement.id, { decision: 'approve', version });
      expect([400, 409]).toContain(response.status);
      const body = await response.json();
      expect(body.error.code).toBe(response.status === 409 ? 'conflict' : 'bad_request');
      if (response.status === 409) expect(body.agreement).toEqual(agreement);
      await expectUntouched(agreement);
    },
  );

  // PostgreSQL text cannot hold U+0000: it must be refused as input, not fail in the database.
  it('refuses a reason with a NUL with 400, not 500', async () => {
    const agreement = await ingestOne();
    await expectProblem(
      await decide(agreement.id, { decision: 'reject', version: 1, reason: 'Buyer\u0000withdrew' }),
      400,
      'bad_request',
    );
    await expectUntouched(agreement);
  });

  it('answers 409 with the current state when the agreement was already decided', async () => {
    const agreement = await ingestOne();
    const first = await decide(agreement.id, { decision: 'approve', version: 1 });
    expect(first.status).toBe(200);
    const current = (await first.json()) as Agreement;

    for (const [body, cookie] of [
      [{ decision: 'approve', version: 1 }, alice],
      [{ decision: 'reject', version: 1, reason: 'Changed my mind' }, alice],
      // Even naming the current version: a decided agreement is final.
      [{ decision: 'reject', version: 2, reason: 'Changed my mind' }, bob],
      [{ decision: 'approve', version: 2 }, bob],
    ] as const) {
      const response = await decide(agreement.id, body, cookie);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'conflict', message: expect.any(String) },
        agreement: current,
      });
    }
    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(current);
    expect(decisions).toHaveLength(1);
    expect(await logCount(agreement.id)).toBe(1);
  });

  it.each<[string, () => string]>([
    ['an unknown uuid', () => randomUUID()],
    ['the nil uuid', () => '00000000-0000-0000-0000-000000000000'],
    ['a non-uuid id', () => 'not-a-uuid'],
    ['a number', () => '42'],
    ['an injection attempt', () => "1' or '1'='1"],
  ])('answers 404 not_found for %s (decision and history)', async (_name, makeId) => {
    const id = makeId();
    const before = await db.select({ value: count() }).from(schema.agreementDecisions);
    await expectProblem(await decide(id, { decision: 'approve', version: 1 }), 404, 'not_found');
    await expectProblem(await history(id), 404, 'not_found');
    expect(await db.select({ value: count() }).from(schema.agreementDecisions)).toEqual(before);
  });

  it.each<[string, Record<string, string>]>([
    ['a cross-origin Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Content-Type: text/plain', { 'content-type': 'text/plain' }],
  ])('refuses %s with 403 even with a session, the agreement untouched', async (_name, headers) => {
    const agreement = await ingestOne();
    await expectProblem(
      await decide(agreement.id, { decision: 'approve', version: 1 }, alice, headers),
      403,
      'forbidden',
    );
    await expectUntouched(agreement);
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin', async () => {
    const agreement = await ingestOne();
    const response = await decide(agreement.id, { decision: 'approve', version: 1 }, alice, {
      origin: undefined,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.status).toBe(200);
  });
});

describe('simultaneous decisions', () => {
  it('lets exactly one of two staff members approving at once win; the other gets 409', async () => {
    const agreement = await ingestOne();
    const responses = await Promise.all([
      decide(agreement.id, { decision: 'approve', version: 1 }, alice),
      decide(agreement.id, { decision: 'approve', version: 1 }, bob),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as Agreement;
    const loser = (await responses.find((r) => r.status === 409)!.json()) as {
      error: { code: string };
      agreement: Agreement;
    };
    expect(loser.error.code).toBe('conflict');
    expect(loser.agreement).toEqual(winner);
    expect(['alice', 'bob']).toContain(winner.decidedBy);
    expect(await logCount(agreement.id)).toBe(1);
    const { decisions } = await historyOk(agreement.id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.decidedBy).toBe(winner.decidedBy);
  });

  it('an approve and a reject at once: one wins, the log holds only the winner', async () => {
    const agreement = await ingestOne();
    const responses = await Promise.all([
      decide(agreement.id, { decision: 'reject', version: 1, reason: 'Duplicate lot' }, bob),
      decide(agreement.id, { decision: 'approve', version: 1 }, alice),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as Agreement;
    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(winner);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.statusAfter).toBe(winner.status);
  });

  it('20 agreements each decided by 2 sessions at once: 20 wins, 20 conflicts, 20 log entries', async () => {
    const agreements = await ingest(Array.from({ length: 20 }, () => newItem()));
    const attempts = agreements.flatMap((agreement) =>
      [alice, bob].map(async (cookie) => {
        const response = await decide(agreement.id, { decision: 'approve', version: 1 }, cookie);
        return { id: agreement.id, status: response.status };
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result.status === 200)).toHaveLength(20);
    expect(results.filter((result) => result.status === 409)).toHaveLength(20);
    for (const agreement of agreements) {
      const outcomes = results.filter((result) => result.id === agreement.id);
      expect(outcomes.map((result) => result.status).sort()).toEqual([200, 409]);
    }
    expect(await logCount(ids(agreements))).toBe(20);
    const rows = await db
      .select()
      .from(schema.agreements)
      .where(inArray(schema.agreements.id, ids(agreements)));
    expect(rows.every((row) => row.status === 'approved' && row.version === 2)).toBe(true);
  });
});

describe('the decision log is append-only', () => {
  let agreement: Agreement;
  beforeAll(async () => {
    agreement = await ingestOne();
    const response = await decide(agreement.id, {
      decision: 'reject',
      version: 1,
      reason: 'Reserve not met',
    });
    expect(response.status).toBe(200);
  });

  /** The database error under drizzle's wrapper. */
  async function rejection(run: () => Promise<unknown>): Promise<string> {
    const error: unknown = await run().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }

  it.each<[string, () => ReturnType<typeof sql>]>([
    [
      'UPDATE of one entry',
      () =>
        sql`update agreement_decisions set reason = 'rewritten' where agreement_id = ${agreement.id}`,
    ],
    ['UPDATE of every entry', () => sql`update agreement_decisions set login_id = 'nobody'`],
    [
      'DELETE of one entry',
      () => sql`delete from agreement_decisions where agreement_id = ${agreement.id}`,
    ],
    ['DELETE of every entry', () => sql`delete from agreement_decisions`],
    ['TRUNCATE', () => sql`truncate agreement_decisions`],
  ])('refuses %s', async (_name, statement) => {
    const before = await db.select().from(schema.agreementDecisions);
    expect(before.length).toBeGreaterThan(0);
    const message = await rejection(() => db.execute(statement()));
    expect(message).toMatch(/append-only/);
    expect(await db.select().from(schema.agreementDecisions)).toEqual(before);
    expect((await historyOk(agreement.id)).decisions).toEqual([
      expect.objectContaining({ reason: 'Reserve not met', statusAfter: 'rejected' }),
    ]);
  });

  it('refuses an update through drizzle as well', async () => {
    const message = await rejection(() =>
      db
        .update(schema.agreementDecisions)
        .set({ reason: 'rewritten' })
        .where(eq(schema.agreementDecisions.agreementId, agreement.id)),
    );
    expect(message).toMatch(/append-only/);
  });

  it('still takes new entries', async () => {
    const other = await ingestOne();
    expect((await decide(other.id, { decision: 'approve', version: 1 })).status).toBe(200);
    expect(await logCount(other.id)).toBe(1);
  });
});
