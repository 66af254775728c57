/** @jest-environment node */
// The connection's decisions over any sequence of what the SDK says and of history reads holding
// and releasing (a property): no delivered message is lost, taken twice or reordered on its way
// to the store; one that starts a read is held behind it; the chip is told of every change.
import * as fc from 'fast-check';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { ConnectionEvent } from './connection-state';
import {
  holdBack,
  initialSubscription,
  nextSubscription,
  releaseHeld,
  type SubscriptionEvent,
} from './subscription-state';

type Step = { type: 'message' } | { type: 'hold' } | { type: 'release' } | ConnectionEvent;

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ type: 'message' as const }) },
  fc.constantFrom<Step>({ type: 'hold' }, { type: 'release' }),
  fc.constantFrom<ConnectionEvent>(
    { type: 'connected', cursor: '17952888000000000' },
    { type: 'connected', cursor: null },
    { type: 'lost', lastSeen: '17952888500000000' },
    { type: 'network-down', lastSeen: null },
    { type: 'network-up' },
    { type: 'denied', lastSeen: null },
    { type: 'retry-due' },
    { type: 'manual-retry' },
  ),
);

const message = (n: number): IncomingMessage => ({ timetoken: String(n), payload: n });

describe('nextSubscription over any sequence', () => {
  it('takes every message once, in arrival order, held behind the reads it starts', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.boolean(), (steps, fromRecord) => {
        const state = initialSubscription(fromRecord ? '17952887000000000' : null);
        const arrived: IncomingMessage[] = [];
        const taken: IncomingMessage[] = [];
        const deliver = () => {
          const delivered = message(arrived.length);
          arrived.push(delivered);
          return delivered;
        };
        for (const one of steps) {
          if (one.type === 'hold') holdBack(state);
          else if (one.type === 'release') taken.push(...releaseHeld(state));
          else {
            const shown = state.connection.connection;
            const event: SubscriptionEvent =
              one.type === 'message' ? { type: 'message', message: deliver() } : one;
            const effects = nextSubscription(state, event);
            for (const effect of effects) if (effect.type === 'ingest') taken.push(effect.message);
            const reads = effects.filter(
              (e) => e.type === 'read-gap' || e.type === 'replay-earlier',
            );
            if (reads.length > 0) expect(state.held).not.toBeNull();
            const changed = state.connection.connection !== shown;
            expect(effects.filter((e) => e.type === 'show')).toEqual(
              changed ? [{ type: 'show', connection: state.connection.connection }] : [],
            );
          }
        }
        taken.push(...releaseHeld(state));
        expect(taken).toEqual(arrived);
      }),
      { numRuns: 500 },
    );
  });
});
