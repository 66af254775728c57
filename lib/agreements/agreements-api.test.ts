/** @jest-environment node */
// agreements-api.ts's sendDecision against a real local server: the request it sends, and the
// outcome it makes of each answer.
import { closedPort } from '@/testing/http-test-server';
import { ApiError } from '@/lib/api/api-error';
import { sendDecision } from './agreements-api';
import {
  agreementsTestServer,
  approvedByUs,
  conflictEnvelope,
  htmlPage,
  json,
  pending,
  rejectedByBob,
  type Answer,
} from './agreements-api-harness';
import { agreementFixture } from './testing/agreement-fixture';

const api = agreementsTestServer();

describe('sendDecision: the request', () => {
  it.each([
    ['approve', null, { decision: 'approve', version: 3 }],
    ['approve', '', { decision: 'approve', version: 3 }],
    ['approve', 'Invoice checked', { decision: 'approve', version: 3, reason: 'Invoice checked' }],
    ['reject', 'Buyer withdrew', { decision: 'reject', version: 3, reason: 'Buyer withdrew' }],
  ] as const)('%s with reason %j POSTs %o', async (decision, reason, body) => {
    api.answer = json(200, approvedByUs);
    await sendDecision(pending, decision, reason);
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]).toMatchObject({
      method: 'POST',
      url: `/api/agreements/${pending.id}/decision`,
      contentType: 'application/json',
    });
    expect(JSON.parse(api.onlyRequest().body)).toStrictEqual(body);
  });

  it('sends the version it was given, not a later one', async () => {
    api.answer = json(200, approvedByUs);
    await sendDecision(agreementFixture({ version: 17 }), 'approve', null);
    expect(JSON.parse(api.onlyRequest().body)).toStrictEqual({ decision: 'approve', version: 17 });
  });

  it('encodes the id in the path', async () => {
    api.answer = json(200, approvedByUs);
    await sendDecision(agreementFixture({ id: 'a/b?c#d' }), 'approve', null);
    expect(api.onlyRequest().url).toBe('/api/agreements/a%2Fb%3Fc%23d/decision');
  });
});

describe('sendDecision: the outcome', () => {
  it('200 → decided with the agreement the server answered', async () => {
    api.answer = json(200, approvedByUs);
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'decided',
      agreement: approvedByUs,
    });
  });

  it('409 flag_unresolved → held back, with the agreement and the flags to review', async () => {
    const flags = [{ id: 'self-raise:s/l:b', rule: 'self-raise', state: 'escalated' }];
    api.answer = json(409, {
      error: { code: 'flag_unresolved', message: 'A flag on this lot must be reviewed.' },
      agreement: pending,
      flags,
    });
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'flag_unresolved',
      agreement: pending,
      flags,
    });
  });

  it('409 with the current agreement → conflict with that agreement', async () => {
    api.answer = json(409, { ...conflictEnvelope, agreement: rejectedByBob });
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'conflict',
      agreement: rejectedByBob,
    });
  });

  it.each([
    ['no agreement', conflictEnvelope],
    ['a null agreement', { ...conflictEnvelope, agreement: null }],
    ['an agreement of the wrong shape', { ...conflictEnvelope, agreement: { id: pending.id } }],
    [
      'an agreement with an unknown status',
      { ...conflictEnvelope, agreement: { ...rejectedByBob, status: 'cancelled' } },
    ],
  ])('409 with %s → failed with the conflict error', async (_name, body) => {
    api.answer = json(409, body);
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
    const { error } = outcome as { error: unknown };
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('409 of another code with an agreement → failed, not conflict', async () => {
    api.answer = json(409, {
      error: { code: 'bad_request', message: 'x' },
      agreement: rejectedByBob,
    });
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
  });

  it.each<{ name: string; serverAnswer: Answer; code: string; status: number | null }>([
    {
      name: '500 with an envelope',
      serverAnswer: json(500, { error: { code: 'internal', message: 'boom' } }),
      code: 'internal',
      status: 500,
    },
    {
      name: '400 with an envelope',
      serverAnswer: json(400, { error: { code: 'bad_request', message: 'reason is required' } }),
      code: 'bad_request',
      status: 400,
    },
    {
      name: '502 error page',
      serverAnswer: htmlPage(502),
      code: 'http_error',
      status: 502,
    },
    {
      name: '409 error page',
      serverAnswer: htmlPage(409),
      code: 'http_error',
      status: 409,
    },
    {
      name: '200 of the wrong shape',
      serverAnswer: json(200, { ...approvedByUs, version: '4' }),
      code: 'invalid_response',
      status: 200,
    },
    {
      name: 'a dropped connection',
      serverAnswer: (req) => req.socket.destroy(),
      code: 'network',
      status: null,
    },
  ])('$name → failed with $code', async ({ serverAnswer, code, status }) => {
    api.answer = serverAnswer;
    const outcome = await sendDecision(pending, 'reject', 'Buyer withdrew');
    expect(outcome.outcome).toBe('failed');
    expect((outcome as { error: unknown }).error).toMatchObject({ code, status });
  });

  it('an unreachable server → failed with a network error', async () => {
    const port = await closedPort();
    api.fetchOrigin = () => `http://127.0.0.1:${port}`;
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
    expect((outcome as { error: unknown }).error).toMatchObject({ code: 'network' });
  });
});
