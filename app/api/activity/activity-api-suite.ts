import 'server-only';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { ActivityItem } from '@/lib/activity/activity-kinds';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { staffSession } from '@/testing/server/staff-fixture';

/**
 * GET /api/activity through its route handler, on the database the calling test file chose (PGlite
 * or PostgreSQL): who may read the log, its filters, keyset pages that cover every event once, the
 * CSV download and refused parameters.
 */
export function describeActivityApi() {
  const origin = 'http://localhost:3000';
  const cookieName = '__Host-gavel_session';
  const hour = 60 * 60 * 1000;
  /**
   * 2091-03-01T00:00Z: the seeded events are one every hour from there, three at each hour. Other
   * test files write events now into the same PostgreSQL database: queries keep to 2091 (`scope`).
   */
  const base = Date.UTC(2091, 2, 1);
  const scope = 'from=2091-01-01';
  const window = { from: { at: new Date(Date.UTC(2091, 0, 1)), inclusive: true } };
  const people = ['rita', 'sam', 'tom'] as const;
  const kinds = [
    'sign_in',
    'sign_out',
    'agreement_decided',
    'staff_added',
    'sign_in_failed',
  ] as const;

  interface Seeded {
    id: string;
    at: Date;
    kind: string;
    person: string;
  }

  let db: Database;
  let schema: typeof import('@/lib/server/db/schema');
  let activity: (request: NextRequest) => Promise<Response>;
  const cookies = {} as Record<Role, string>;
  /** Every seeded event, the newest first as the log orders them. */
  let seeded: Seeded[];

  beforeAll(async () => {
    const { database } = await import('@/lib/server/db/connection');
    db = await database();
    schema = await import('@/lib/server/db/schema');
    activity = (await import('@/app/api/activity/route')).GET;
    for (const role of ['clerk', 'supervisor', 'admin'] as const) {
      cookies[role] = await staffSession(db, {
        loginId: `activity-${role}`,
        displayName: role,
        role,
      });
    }
    const rows = Array.from({ length: 130 }, (_, index) => ({
      at: new Date(base + Math.floor(index / 3) * hour),
      kind: kinds[index % kinds.length]!,
      actorLoginId: people[index % people.length]!,
      actorName: `${people[index % people.length]} Staff`,
      subject: index === 7 ? '=HYPERLINK("http://evil.example")' : `agreement-${index}`,
      detail: { index, note: index === 8 ? 'a, "quoted"\nline' : 'plain' },
    }));
    // Inserted out of order, so the ids do not follow the times.
    const inserted = await db
      .insert(schema.activityEvents)
      .values(rows.reverse())
      .returning({ id: schema.activityEvents.id });
    seeded = rows
      .map((row, index) => ({
        id: String(inserted[index]!.id),
        at: row.at,
        kind: row.kind,
        person: row.actorLoginId,
      }))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || Number(b.id) - Number(a.id));
  });

  afterAll(async () => {
    const { databaseHandle } = await import('@/lib/server/db/connection');
    await (await databaseHandle()).close();
  });

  const ask = (query: string, cookie: string | null = cookies.supervisor) =>
    activity(
      new NextRequest(`${origin}/api/activity?${query}`, {
        headers: cookie === null ? {} : { cookie: `${cookieName}=${cookie}` },
      }),
    );

  async function page(
    query: string,
  ): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
    const response = await ask(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.json();
  }

  /** Every page of a query followed by its cursors: the ids in the order read. */
  async function allPages(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.items.length).toBeLessThanOrEqual(limit);
      ids.push(...answer.items.map((item) => item.id));
      cursor = answer.nextCursor;
    } while (cursor !== null);
    return ids;
  }

  async function expectProblem(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
  }

  const idsWhere = (keep: (event: Seeded) => boolean) =>
    seeded.filter(keep).map((event) => event.id);

  describe('GET /api/activity', () => {
    it.each([
      ['clerk', 403, 'forbidden'],
      ['supervisor', 200, null],
      ['admin', 200, null],
    ] as const)('%s: %i', async (role, status, code) => {
      const response = await ask('limit=1', cookies[role]);
      if (code) await expectProblem(response, status, code);
      else expect(response.status).toBe(status);
    });

    it('answers 401 without a session', async () => {
      await expectProblem(await ask('', null), 401, 'unauthorized');
    });

    it('gives 50 events by default, the newest first, each as the API shapes it', async () => {
      const { items, nextCursor } = await page(scope);
      expect(items.map((item) => item.id)).toEqual(seeded.slice(0, 50).map((event) => event.id));
      expect(nextCursor).toEqual(expect.any(String));
      const newest = seeded[0]!;
      expect(items[0]).toEqual({
        id: newest.id,
        at: newest.at.toISOString(),
        kind: newest.kind,
        actor: { loginId: newest.person, displayName: `${newest.person} Staff` },
        subject: expect.stringMatching(/^agreement-\d+$/),
        detail: { index: expect.any(Number), note: 'plain' },
      });
      expect((await page(`${scope}&limit=200`)).items).toHaveLength(130);
    });

    it('pages with keyset cursors that cover every event once, ties on the time included', async () => {
      expect(await allPages(scope, 7)).toEqual(seeded.map((event) => event.id));
      expect(await allPages(scope, 3)).toEqual(seeded.map((event) => event.id));
      // A page ends exactly with the log: no cursor to an empty page.
      expect((await page(`${scope}&limit=130`)).nextCursor).toBeNull();
    });

    it('a cursor goes on after its event whatever is written meanwhile', async () => {
      const first = await page(`${scope}&limit=10`);
      await db.insert(schema.activityEvents).values({
        at: new Date(base + 1000 * hour),
        kind: 'sign_out',
        actorLoginId: 'late-activity',
      });
      const second = await page(`${scope}&limit=10&cursor=${first.nextCursor}`);
      expect(second.items.map((item) => item.id)).toEqual(idsWhere(() => true).slice(10, 20));
      await db
        .delete(schema.activityEvents)
        .where(eq(schema.activityEvents.actorLoginId, 'late-activity'));
    });

    it('filters by person (a login id as typed), kind and both', async () => {
      expect(await allPages(`${scope}&person=%20RITA%20`, 20)).toEqual(
        idsWhere((e) => e.person === 'rita'),
      );
      expect(await allPages(`${scope}&kind=sign_out`, 20)).toEqual(
        idsWhere((e) => e.kind === 'sign_out'),
      );
      expect(await allPages(`${scope}&person=sam&kind=staff_added`, 5)).toEqual(
        idsWhere((e) => e.person === 'sam' && e.kind === 'staff_added'),
      );
      expect((await page('person=nobody')).items).toEqual([]);
    });

    it('filters by dates, `to` taking in its whole day, or by instants, both ends included', async () => {
      // Days 2091-03-01 (hours 0 to 23) and 2091-03-02 (hours 24 to 43).
      const day = (first: number, last: number) => (e: Seeded) =>
        e.at.getTime() >= base + first * hour && e.at.getTime() <= base + last * hour;
      expect(await allPages('from=2091-03-02', 50)).toEqual(idsWhere(day(24, 43)));
      expect(await allPages(`${scope}&to=2091-03-01`, 50)).toEqual(idsWhere(day(0, 23)));
      expect(await allPages('from=2091-03-01&to=2091-03-01', 50)).toEqual(idsWhere(day(0, 23)));
      const from = new Date(base + 5 * hour).toISOString();
      expect(await allPages(`from=${from}&to=2091-03-01T08:00:00%2B01:00`, 50)).toEqual(
        idsWhere(day(5, 7)),
      );
      expect((await page('from=2092-01-01')).items).toEqual([]);
      // The ends of what the database holds are no server error.
      expect((await page('from=2091-01-01&to=9999-12-31&limit=200')).items).toHaveLength(130);
      expect((await ask('from=0001-01-01T00:00:00%2B01:00&limit=1')).status).toBe(200);
    });

    it.each([
      ['an unknown kind', 'kind=sign_in_maybe'],
      ['a day no calendar has', 'from=2091-02-30'],
      ['a word for a date', 'from=yesterday'],
      ['a 13th month', 'to=2091-13-01'],
      ['a 25th hour', 'to=2091-03-01T25:00:00Z'],
      ['from after to', 'from=2091-03-02&to=2091-03-01'],
      ['a cursor not ours', 'cursor=garbage'],
      [
        'a cursor with our prefix and no position',
        `cursor=e1.${Buffer.from('12:x').toString('base64url')}`,
      ],
      ['a limit of 0', 'limit=0'],
      ['a limit of 201', 'limit=201'],
      ['a limit in words', 'limit=ten'],
      ['an unknown format', 'format=xml'],
      ['a person longer than any login id', `person=${'x'.repeat(255)}`],
    ])('answers 400 bad_request for %s', async (_, query) => {
      await expectProblem(await ask(query), 400, 'bad_request');
    });

    it('downloads the whole filtered log as formula-safe CSV', async () => {
      const response = await ask(`${scope}&format=csv&person=tom&limit=1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="activity-${today}.csv"`,
      );
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('at,kind,actorLoginId,actorName,subject,detail');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(1, -1)).toHaveLength(idsWhere((e) => e.person === 'tom').length);
      // The export itself is logged once its last event went out: who, the filter, the rows.
      const { activityEvents } = await import('@/lib/server/db/schema');
      const { eq } = await import('drizzle-orm');
      const exports = await db
        .select()
        .from(activityEvents)
        .where(eq(activityEvents.kind, 'activity_exported'));
      expect(exports.at(-1)?.detail).toEqual({
        filter: { from: '2091-01-01', person: 'tom' },
        rows: lines.length - 2,
      });

      const all = await (await ask(`${scope}&format=csv`)).text();
      // Row 7 is a formula; row 8's note holds a comma, quotes and a line break.
      expect(all).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
      expect(all).not.toMatch(/,=HYPERLINK/);
      // (jsonb keeps an object's keys shortest first.)
      expect(all).toContain('"{""note"":""a, \\""quoted\\""\\nline"",""index"":8}"');
    });

    it('streams the CSV a page at a time: the same file whatever the page size', async () => {
      const { activityCsv } = await import('@/lib/server/activity/activity-csv');
      const whole = await (await ask(`${scope}&format=csv`)).text();
      expect(await new Response(await activityCsv(db, window, 7)).text()).toBe(whole);
      expect(await new Response(await activityCsv(db, window, 130)).text()).toBe(whole);
      const empty = await activityCsv(db, { person: 'nobody' }, 7);
      expect(await new Response(empty).text()).toBe(
        'at,kind,actorLoginId,actorName,subject,detail\r\n',
      );
    });
  });
}
