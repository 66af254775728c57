import 'server-only';
import fc from 'fast-check';
import {
  hostileString,
  hugeString,
  nearValid,
  plainString,
} from '@/testing/server/api-arbitraries';
import { isRecord } from '@/testing/server/property-blocks';

// The bodies agreements-decision.property.test.ts sends to POST /api/agreements/{id}/decision:
// clean decisions, to reach the database often, near-valid ones with a field broken, and the
// oracle of a body any reading of the contract takes.

const reason = fc.oneof(
  { arbitrary: plainString(3, 60), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '  Paid in full  ',
      'no',
      '   ',
      '',
      'a'.repeat(500),
      'a'.repeat(501),
      'line one\nline two',
      'a\r\nb and c',
      'tab\there',
      'Buyer\u0000withdrew',
      'bell\u0007',
      '\ud800 is why',
      'why \udc00',
    ),
    weight: 2,
  },
  { arbitrary: hostileString(40), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);
/** Decisions any reading of the contract takes, to reach the database often. */
export const cleanDecision = fc.oneof(
  fc.record({ decision: fc.constant('approve'), version: fc.constant(1) }),
  fc.record({
    decision: fc.constant('approve'),
    version: fc.constant(1),
    reason: plainString(0, 40),
  }),
  fc.record({
    decision: fc.constant('reject'),
    version: fc.constant(1),
    reason: plainString(3, 40).filter((text) => text.trim().length >= 3),
  }),
);
const nearDecision = nearValid(
  fc.record(
    {
      decision: fc.oneof(
        { arbitrary: fc.constantFrom('approve', 'reject'), weight: 6 },
        fc.constantFrom('Approve', 'approved', 'defer', ''),
      ),
      version: fc.oneof({ arbitrary: fc.constant(1), weight: 6 }, fc.constantFrom(2, 0, 3)),
      reason,
    },
    { requiredKeys: ['decision', 'version'] },
  ),
);
export const decisionBody = fc.oneof(
  { arbitrary: cleanDecision, weight: 3 },
  { arbitrary: nearDecision, weight: 4 },
);

/** A body any reading of the contract takes: the decision, version 1, a printable reason. */
export function plainlyValidDecision(json: unknown): boolean {
  if (!isRecord(json)) return false;
  if (!Object.keys(json).every((key) => ['decision', 'version', 'reason'].includes(key))) {
    return false;
  }
  if (json.version !== 1 || (json.decision !== 'approve' && json.decision !== 'reject')) {
    return false;
  }
  const why = json.reason;
  if (why === undefined || why === null) return json.decision === 'approve';
  if (typeof why !== 'string' || !/^[\x20-\x7e]*$/.test(why) || why.length > 500) return false;
  return json.decision === 'approve' || why.trim().length >= 3;
}
