/** @jest-environment node */
// Paging GET /api/agreements while agreements arrive and are decided, on a real in-memory PGlite
// database: no agreement skipped or repeated.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import { agreementsApiFixture, ids } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { newItem, ingest, listOk, decide } = agreementsApiFixture();

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
