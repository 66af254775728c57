/** @jest-environment node */
// agreements-api.ts's reads against a real local server: a page of the list and an agreement's
// history, each answer checked before it is used.
import { failure, sendJson } from '@/testing/http-test-server';
import { fetchAgreementHistory, fetchAgreementPage } from './agreements-api';
import { defaultListParams } from './list-params';
import {
  agreementsTestServer,
  htmlPage,
  json,
  pending,
  rejectedByBob,
} from './agreements-api-harness';

const api = agreementsTestServer();

describe('fetchAgreementPage', () => {
  const page = { items: [pending, rejectedByBob], nextCursor: 'c1.MTIz', total: 27 };

  it('GETs the page the parameters name, with the default limit, and returns it', async () => {
    api.answer = json(200, page);
    await expect(
      fetchAgreementPage({
        ...defaultListParams,
        status: 'approved',
        q: 'brass lamp',
        cursor: 'c1.MTAw',
      }),
    ).resolves.toEqual(page);
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]).toMatchObject({ method: 'GET', body: '' });
    expect(api.onlyRequest().url).toBe(
      '/api/agreements?status=approved&q=brass+lamp&sort=closedAt&cursor=c1.MTAw&limit=25',
    );
  });

  it('accepts the last page (no cursor) and an empty page', async () => {
    api.answer = json(200, { items: [], nextCursor: null, total: 0 });
    await expect(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    ).resolves.toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect(api.onlyRequest().url).toBe('/api/agreements?status=pending&sort=closedAt&limit=25');
  });

  const { decidedAt: _omitted, ...withoutDecidedAt } = pending;
  const { approvals: _none, ...withoutApprovals } = pending;
  it.each<[string, unknown]>([
    ['a bare array', [pending]],
    ['null', null],
    ['no items', { nextCursor: null, total: 1 }],
    ['no nextCursor', { items: [pending], total: 1 }],
    ['an item without decidedAt', { items: [withoutDecidedAt], nextCursor: null, total: 1 }],
    [
      'an amount that is text',
      { items: [{ ...pending, amount: '12345.00' }], nextCursor: null, total: 1 },
    ],
    [
      'an amount with a fraction',
      { items: [{ ...pending, amount: 12345.5 }], nextCursor: null, total: 1 },
    ],
    ['an unknown status', { items: [{ ...pending, status: 'void' }], nextCursor: null, total: 1 }],
    [
      'a date that is not ISO',
      { items: [{ ...pending, closedAt: 'yesterday' }], nextCursor: null },
    ],
    ['a numeric cursor', { items: [], nextCursor: 7, total: 0 }],
    ['no total', { items: [], nextCursor: null }],
    ['a total that is text', { items: [], nextCursor: null, total: '3' }],
    ['an item without approvals', { items: [withoutApprovals], nextCursor: null, total: 1 }],
  ])('refuses %s as invalid_response', async (_name, body) => {
    api.answer = json(200, body);
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    );
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it('refuses an answer that is not JSON as invalid_response', async () => {
    api.answer = htmlPage(200);
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    );
    expect(error.code).toBe('invalid_response');
  });

  it('passes the server error on', async () => {
    api.answer = json(400, {
      error: { code: 'bad_request', message: 'cursor is not a valid page cursor' },
    });
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: 'junk' }),
    );
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('is cancelled by its signal', async () => {
    api.answer = (_req, res) => api.later(300, () => sendJson(res, 200, page));
    const controller = new AbortController();
    const promise = fetchAgreementPage(
      { ...defaultListParams, status: 'pending', q: '', cursor: null },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    expect((await failure(promise)).code).toBe('aborted');
  });
});

describe('fetchAgreementHistory', () => {
  it('GETs the agreement and its decisions by encoded id', async () => {
    const history = {
      agreement: rejectedByBob,
      decisions: [
        {
          id: 1,
          decision: 'reject',
          reason: 'Bob was first',
          statusBefore: 'pending',
          statusAfter: 'rejected',
          decidedBy: 'bob',
          decidedByName: 'Bob Staff',
          decidedAt: '2026-03-02T09:29:00.000Z',
        },
      ],
      // A lot the catalogue lacks: no story to tell.
      lot: null,
    };
    api.answer = json(200, history);
    await expect(fetchAgreementHistory('a/b')).resolves.toEqual(history);
    expect(api.seen[0]).toMatchObject({ method: 'GET', url: '/api/agreements/a%2Fb' });
  });

  it('refuses a history without its decisions as invalid_response', async () => {
    api.answer = json(200, { agreement: rejectedByBob });
    expect((await failure(fetchAgreementHistory(pending.id))).code).toBe('invalid_response');
  });
});
