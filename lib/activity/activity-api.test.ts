/** @jest-environment node */
// `GET /api/activity` against a real local server (as lib/agreements/agreements-api.test.ts does).
import { failure, sendJson, startTestServer } from '@/testing/http-test-server';
import { fetchActivityPage } from './activity-api';
import { noActivityFilters } from './activity-filters';

let server: Awaited<ReturnType<typeof startTestServer>>;
let urls: string[] = [];
let body: unknown;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    urls.push(req.url ?? '');
    sendJson(res, 200, body);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  urls = [];
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input, init) => realFetch(`${server.origin}${String(input)}`, init));
});
afterEach(() => jest.restoreAllMocks());

const event = {
  id: '42',
  at: '2026-03-01T09:00:00.000Z',
  kind: 'staff_role_changed',
  actor: { loginId: 'ada', displayName: 'Ada Admin' },
  subject: 'sam',
  detail: { from: 'clerk', to: 'supervisor' },
};

describe('fetchActivityPage', () => {
  it('asks for the filters and the cursor, and reads the page', async () => {
    body = { items: [event], nextCursor: 'next-1' };
    const filters = { ...noActivityFilters, person: 'ada' };
    await expect(fetchActivityPage(filters, 'c-1')).resolves.toEqual({
      items: [event],
      nextCursor: 'next-1',
    });
    expect(urls).toEqual(['/api/activity?person=ada&cursor=c-1&limit=50']);
  });

  it('a failed sign-in has no display name; an event without detail has an empty one', async () => {
    const failed = {
      ...event,
      kind: 'sign_in_failed',
      actor: { loginId: 'nobody', displayName: null },
      subject: null,
    };
    const { detail: _left, ...withoutDetail } = failed;
    body = { items: [withoutDetail, { ...failed, detail: null }], nextCursor: null };
    const page = await fetchActivityPage(noActivityFilters, null);
    expect(page.items.map((item) => item.detail)).toEqual([{}, {}]);
    expect(page.items[0]!.actor).toEqual({ loginId: 'nobody', displayName: null });
  });

  it.each([
    ['an unknown kind', { ...event, kind: 'staff_deleted' }],
    ['a detail that is a list', { ...event, detail: ['clerk'] }],
    ['a detail that is text', { ...event, detail: 'clerk to supervisor' }],
    ['no actor', { ...event, actor: null }],
  ])('refuses an event with %s', async (_name, item) => {
    body = { items: [item], nextCursor: null };
    expect(await failure(fetchActivityPage(noActivityFilters, null))).toMatchObject({
      code: 'invalid_response',
    });
  });

  it('refuses a page without its cursor', async () => {
    body = { items: [] };
    expect(await failure(fetchActivityPage(noActivityFilters, null))).toMatchObject({
      code: 'invalid_response',
    });
  });
});
