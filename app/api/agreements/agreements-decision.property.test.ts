/** @jest-environment node */
// Property tests of POST /api/agreements/{id}/decision (and every other method of the path)
// through the route handler on a real in-memory PGlite database. Whatever is sent: never a 5xx; a
// refusal is the JSON envelope with a code of the contract this route answers, at its status, and
// writes nothing; the guards refuse in their order (origin, content type, session, size); a
// decision has the product's own shape, and a stale version gets the current state.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import {
  agreementSchema,
  decisionConflictSchema,
  type Agreement,
} from '@/lib/agreements/agreement';
import {
  bodyText,
  ContractViolation,
  expectCode,
  expectShape,
  expectUnchanged,
  idPlan,
  mayBeTooLarge,
  Outcomes,
  queryString,
  requestSpec,
} from '@/testing/server/api-arbitraries';
import {
  itTakesNoBrokenBody,
  methodsOf,
  mutationGuard,
  rowCount,
  sameOriginJson,
  sentJson,
} from '@/testing/server/property-blocks';
import { agreementsPropertyFixture } from './agreements-property-fixture';
import { cleanDecision, decisionBody, plainlyValidDecision } from './decision-arbitraries';

// The embedded default token and configuration: nothing from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { harness, freshAgreement, someDecided, resolveId, storedAgreement } =
  agreementsPropertyFixture('agreements-decision.property.test.ts');
const { settings } = harness;

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let decision: object;

beforeAll(async () => {
  decision = await import('@/app/api/agreements/[id]/decision/route');
});

describe('POST /api/agreements/{id}/decision', () => {
  it(
    'any request: the guards in order, then a decision, 409 with the current state, 400 or 404; nothing written unless decided',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/agreements/{id}/decision',
        methods: methodsOf('POST'),
        id: idPlan,
        query: queryString({ version: fc.constant('1'), force: fc.constant('true') }),
        body: bodyText(decisionBody),
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const { id, agreement } = await resolveId(spec.id!);
          const { built, answer, before, after } = await harness.send(
            decision,
            spec,
            {
              allow: 'POST, OPTIONS',
              codes: [
                'bad_request',
                'unauthorized',
                'forbidden',
                'not_found',
                'conflict',
                'payload_too_large',
              ],
              success: [200],
            },
            { id },
          );
          outcomes.note(answer);
          if (answer.status !== 200) {
            expectUnchanged(before, after, `a refused decision (${answer.status})`);
          }
          if (spec.method !== 'POST') return;
          // The guards, in their order.
          if (mutationGuard(spec, built, answer, { session: true })) return;

          const json = sentJson(built);
          if (!agreement && (answer.status === 200 || answer.status === 409)) {
            throw new ContractViolation(`${answer.status} for an id that names no agreement`);
          }
          if (spec.id!.kind === 'decided' && answer.status === 200) {
            throw new ContractViolation('a decided agreement was decided again');
          }
          if (
            agreement?.status === 'pending' &&
            plainlyValidDecision(json) &&
            !mayBeTooLarge(built) &&
            answer.status !== 200
          ) {
            throw new ContractViolation(`a plainly valid decision answered ${answer.status}`);
          }

          if (answer.status === 409) {
            expectShape(decisionConflictSchema, answer.body, 'a 409');
            const current = (answer.body as { agreement: Agreement }).agreement;
            const stored = await storedAgreement(agreement!.id);
            expect(current.id).toBe(agreement!.id);
            expect({ status: current.status, version: current.version }).toEqual(stored);
          }
          if (answer.status !== 200) return;

          expectShape(agreementSchema, answer.body, 'a decided agreement');
          const decidedNow = answer.body as Agreement;
          const sent = json as { decision: string; version: number; reason?: string | null };
          expect(decidedNow.id).toBe(agreement!.id);
          expect(decidedNow.status).toBe(sent.decision === 'approve' ? 'approved' : 'rejected');
          expect(decidedNow.version).toBe(agreement!.version + 1);
          expect(decidedNow.decidedBy).toBe('fuzz-staff');
          expect(decidedNow.reason).toBe(sent.reason?.trim() || null);
          expect(await storedAgreement(agreement!.id)).toEqual({
            status: decidedNow.status,
            version: decidedNow.version,
          });
          expectUnchanged(
            before,
            after,
            'a decision writes its agreement, its log and the activity log only',
            ['agreements', 'agreement_decisions', 'activity_events'],
          );
          expect(rowCount(after.activity_events)).toBe(rowCount(before.activity_events) + 1);
          expect(rowCount(after.agreements)).toBe(rowCount(before.agreements));
          expect(rowCount(after.agreement_decisions)).toBe(
            rowCount(before.agreement_decisions) + 1,
          );
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/agreements/{id}/decision',
        // Successes and conflicts are frequent in the next property, which aims at them.
        [
          '400 bad_request',
          '401 unauthorized',
          '403 forbidden',
          '413 payload_too_large',
          '405 method_not_allowed',
        ],
        settings.runs,
      );
    },
    settings.timeoutMs(80),
  );

  it(
    'well-formed decisions: 200 at the version of a pending agreement, else 409 with its current state and nothing written',
    async () => {
      const outcomes = new Outcomes();
      const cases = fc.record({
        target: fc.constantFrom(
          'pending' as const,
          'pending' as const,
          'decided' as const,
          'decided-just-now' as const,
        ),
        body: cleanDecision,
        version: fc.oneof(
          { arbitrary: fc.constant(1), weight: 4 },
          fc.constantFrom(2, 3, 2 ** 31 - 2),
        ),
        transport: requestSpec({
          path: '/api/agreements/{id}/decision',
          methods: fc.constant('POST'),
        }),
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ target, body, version, transport }) => {
          let agreement = target === 'decided' ? someDecided() : await freshAgreement();
          // A same-origin JSON decision with a valid session, the body whole or in chunks.
          const send = (sent: unknown) =>
            harness.send(
              decision,
              {
                ...sameOriginJson(transport, sent, transport.body?.chunks ?? 0),
                cookie: { kind: 'valid', noise: [] },
              },
              { allow: 'POST, OPTIONS', codes: ['conflict'], success: [200] },
              { id: agreement.id },
            );
          if (target === 'decided-just-now') {
            const { answer: first } = await send({ decision: 'approve', version: 1 });
            expect(first.status).toBe(200);
            agreement = first.body as Agreement;
          }
          const { answer, before, after } = await send({ ...body, version });
          outcomes.note(answer);
          if (agreement.status === 'pending' && version === agreement.version) {
            expect(answer.status).toBe(200);
            expectShape(agreementSchema, answer.body, 'a decided agreement');
            expect(answer.body).toMatchObject({
              id: agreement.id,
              status: body.decision === 'approve' ? 'approved' : 'rejected',
              version: version + 1,
              decidedBy: 'fuzz-staff',
              decidedByName: 'Fuzz Staff',
            });
            expect(rowCount(after.agreement_decisions)).toBe(
              rowCount(before.agreement_decisions) + 1,
            );
          } else {
            expectCode(
              answer,
              'conflict',
              `version ${version} of a ${agreement.status} agreement at ${agreement.version}`,
            );
            expectShape(decisionConflictSchema, answer.body, 'a 409');
            expect((answer.body as { agreement: Agreement }).agreement).toEqual(agreement);
            expectUnchanged(before, after, 'a conflict');
          }
        }),
        settings.parameters(0.5),
      );
      outcomes.expectReached(
        'POST /api/agreements/{id}/decision (well-formed)',
        ['200', '409 conflict'],
        settings.runs,
      );
    },
    settings.timeoutMs(80, 0.5),
  );

  itTakesNoBrokenBody(harness, {
    who: 'browser',
    body: bodyText(decisionBody),
    targets: [
      {
        name: 'decision',
        path: '/api/agreements/{id}/decision',
        route: () => decision,
        id: idPlan,
        resolveId: async (plan) => (await resolveId(plan)).id,
      },
    ],
    codes: ['bad_request', 'unauthorized', 'forbidden', 'payload_too_large'],
  });
});
