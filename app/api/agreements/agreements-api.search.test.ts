/** @jest-environment node */
// GET /api/agreements?q= end to end through its route handler, on a real in-memory PGlite
// database: the fields it searches, wildcards taken literally, paged within the status asked.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import type { Agreement } from '@/lib/agreements/agreement';
import { expectProblem } from '@/testing/server/agreements-requests';
import { agreementsApiFixture, ids } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { newItem, ingest, ingestOne, list, listOk } = agreementsApiFixture();

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
