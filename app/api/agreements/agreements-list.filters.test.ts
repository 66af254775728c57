/** @jest-environment node */
// GET /api/agreements filtered by sale and searched (contract §12: every word, any of lot title,
// lot id, sale id and buyer, ignoring case and accents), through the route handler on a real
// in-memory PGlite database.
import '@/testing/server/memory-database-env';
import type { Agreement } from '@/lib/agreements/agreement';
import type { IngestItem } from '@/lib/server/agreements/agreement-input';
import { expectProblem } from '@/testing/server/agreements-requests';
import { ids } from './agreements-api-fixture';
import { agreementsListFixture, item } from './agreements-list-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { ingest, list, decide, listOk, walk } = agreementsListFixture();

describe('sale', () => {
  let london: Agreement[];
  let paris: Agreement[];
  beforeAll(async () => {
    london = await ingest(
      Array.from({ length: 5 }, (_, i) =>
        item({ auctionId: 'london-watches-2026', amount: 900 - i, currency: 'GBP' }),
      ),
    );
    paris = await ingest([
      item({ auctionId: 'paris-modern-art-2026' }),
      item({ auctionId: 'london-watches-2026-b' }),
    ]);
  });

  it('lists one sale, counts it, and pages it in any order', async () => {
    const page = await listOk('?sale=london-watches-2026&limit=2');
    expect(page.total).toBe(5);
    expect(ids(await walk('?sale=london-watches-2026&limit=2'))).toEqual(ids(london));
    expect(ids(await walk('?sale=london-watches-2026&sort=amount&limit=2'))).toEqual(
      ids([...london].reverse()),
    );
    expect(ids((await listOk('?sale=paris-modern-art-2026')).items)).toEqual([paris[0]!.id]);
  });

  it('matches the sale id exactly: no prefix, no other case, no pattern', async () => {
    for (const sale of ['london', 'LONDON-WATCHES-2026', 'london-watches-%', 'no-such-sale']) {
      const page = await listOk(`?sale=${encodeURIComponent(sale)}`);
      expect(page).toEqual({ items: [], nextCursor: null, total: 0 });
    }
  });

  it('filters within the status asked', async () => {
    expect((await decide(london[0]!.id, { decision: 'approve', version: 1 })).status).toBe(200);
    expect((await listOk('?sale=london-watches-2026')).total).toBe(4);
    const approved = await listOk('?sale=london-watches-2026&status=approved');
    expect(approved.total).toBe(1);
    expect(approved.items[0]).toMatchObject({ id: london[0]!.id, status: 'approved' });
  });

  it('refuses a sale over 100 characters or with a control character', async () => {
    await expectProblem(await list(`?sale=${'s'.repeat(101)}`), 400, 'bad_request');
    await expectProblem(await list('?sale=a%00b'), 400, 'bad_request');
  });
});

describe('q', () => {
  const sale = 'q-sale-new-york-classic-cars-2026';
  /** Agreements by name, each made to be found (or not) by some search. */
  const rows = {
    mustang: { auctionId: sale, lotTitle: '1967 Ford Mustang Fastback' },
    couche: { lotTitle: 'Nu couché', buyer: 'Online 5521' },
    londres: { lotTitle: 'Street scene', buyer: 'Galerie Londrés' },
    percent: { lotTitle: 'Silk scarf 100% qx' },
    percentLookalike: { lotTitle: 'Silk scarf 1000 qx' },
    underscore: { lotTitle: 'Lamp a_b qx' },
    underscoreLookalike: { lotTitle: 'Lamp axb qx' },
    backslash: { lotTitle: 'Print back\\slash qx' },
    acrossFields: { lotId: 'LOT-ÆON-7', lotTitle: 'Brass telescope', buyer: 'Phone 88' },
  } satisfies Record<string, Partial<IngestItem>>;
  type Name = keyof typeof rows;
  const found = {} as Record<Name, Agreement>;

  beforeAll(async () => {
    const names = Object.keys(rows) as Name[];
    const ingested = await ingest(names.map((name) => item(rows[name])));
    names.forEach((name, index) => (found[name] = ingested[index]!));
  });

  const search = async (q: string, more = '') => {
    const page = await listOk(`?q=${encodeURIComponent(q)}${more}`);
    expect(page.total).toBe(page.items.length);
    return ids(page.items);
  };
  const idsOf = (names: Name[]) => names.map((name) => found[name].id);

  it.each<[string, string, Name[]]>([
    ['words in another order', 'Mustang 1967', ['mustang']],
    ['words in another case, spaced out', '  mUSTANG   FORD  ', ['mustang']],
    ['a word repeated', 'mustang mustang', ['mustang']],
    ['the sale id', sale, ['mustang']],
    ['part of the sale id and of the title', 'classic-cars fastback', ['mustang']],
    ['words of the lot id, the title and the buyer at once', 'æon telescope 88', ['acrossFields']],
    ['the lot id without its ligature', 'lot-aeon', ['acrossFields']],
    ['a word without its accent', 'couche', ['couche']],
    ['a word with an accent the row has', 'Couché', ['couche']],
    ['an accent the row lacks', 'Ñu', ['couche']],
    ['an accented buyer found plainly', 'londres', ['londres']],
    ['an accented buyer found in capitals', 'LONDRÉS', ['londres']],
    ['a literal %', '100%', ['percent']],
    ['% alone', '%', ['percent']],
    ['a full-width ％, folded to a literal %', '％', ['percent']],
    ['a literal _', 'a_b', ['underscore']],
    ['_ alone', '_', ['underscore']],
    ['a literal backslash', 'k\\s', ['backslash']],
    ['a pattern of wildcards', '%qx%', []],
    ['one word matching nothing', 'mustang zebra', []],
    ['a word spanning two fields', 'fastback1967', []],
  ])('%s', async (_name, q, expected) => {
    expect(await search(q)).toEqual(idsOf(expected));
  });

  it('pages a search in any order, with its total', async () => {
    const scarves = idsOf([
      'percent',
      'percentLookalike',
      'underscore',
      'underscoreLookalike',
      'backslash',
    ]);
    expect(ids(await walk('?q=qx&limit=2'))).toEqual(scarves);
    expect(ids(await walk('?q=QX&sort=-closedAt&limit=2'))).toEqual([...scarves].reverse());
    expect((await listOk('?q=qx&limit=1')).total).toBe(5);
  });

  it('combines the search with the sale and the status', async () => {
    expect(await search('mustang', `&sale=${sale}`)).toEqual(idsOf(['mustang']));
    expect(await search('mustang', '&sale=geneva-watches-2026')).toEqual([]);
    expect(await search('mustang', '&status=approved')).toEqual([]);
  });
});
