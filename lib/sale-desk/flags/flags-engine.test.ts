/** @jest-environment node */
import { flagRules, type FlagRule } from './flag-rules';
import { createFlagsEngine, type FlagsEngineOptions } from './flags-engine';
import {
  bidOf,
  estimates,
  play,
  runScript,
  scriptMessages,
  summary,
  uuid,
  type Step,
} from '@/testing/sale-desk/flag-script';
import { ordinarySale } from '@/testing/sale-desk/ordinary-sale';

const catalogue = estimates({ 'lot-1': 100_000 });

/** For each rule, the smallest sale that raises exactly one flag, of that rule. */
const oneFlagOf: Record<FlagRule, Step[]> = {
  jump: [
    { paddle: 'A', amount: 50_000 },
    { paddle: 'B', amount: 80_000 },
  ],
  'not-higher': [
    { paddle: 'A', amount: 50_000 },
    { paddle: 'B', amount: 50_000 },
  ],
  'self-raise': [
    { paddle: 'A', amount: 50_000 },
    { paddle: 'A', amount: 55_000 },
  ],
  late: [{ close: 'lot-1' }, { paddle: 'A', amount: 50_000 }],
  'ping-pong': [
    { paddle: 'X', amount: 100_000 },
    ...[...'ABABAB'].map((paddle, index) => ({ paddle, amount: 110_000 + index * 10_000 })),
  ],
  burst: [1, 2, 3, 4].map((lot) => ({ paddle: 'A', amount: 50_000, lot: `lot-${lot + 1}` })),
  'far-over-estimate': [{ paddle: 'A', amount: 300_001 }],
};

describe('createFlagsEngine', () => {
  it.each(flagRules)('raises exactly one %s flag from its sequence, and counts it', (rule) => {
    const engine = createFlagsEngine({ catalogue });
    const flags = play(engine, scriptMessages(oneFlagOf[rule]));
    expect(flags.map((flag) => flag.rule)).toEqual([rule]);
    expect(engine.flags()).toEqual(flags);
    expect(engine.counts()).toEqual(
      Object.fromEntries(flagRules.map((each) => [each, each === rule ? 1 : 0])),
    );
  });

  it('counts every rule, at zero before any flag', () => {
    expect(createFlagsEngine().counts()).toEqual({
      jump: 0,
      'not-higher': 0,
      'self-raise': 0,
      late: 0,
      'ping-pong': 0,
      burst: 0,
      'far-over-estimate': 0,
    });
  });

  it('builds a flag from the bid that raised it, with an id of rule, lot and that bid', () => {
    const [flag] = runScript(oneFlagOf.jump);
    expect(flag).toEqual({
      id: `jump:auction-1/lot-1:${uuid(2)}`,
      rule: 'jump',
      auctionId: 'auction-1',
      lotId: 'lot-1',
      paddles: ['B'],
      bidIds: [uuid(1), uuid(2)],
      raisedAt: '2026-11-21T10:00:02.000Z',
    });
  });

  it('lets one bid raise several flags, in the order of the rules', () => {
    const flags = runScript(
      [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'A', amount: 5_000_000 },
      ],
      { catalogue },
    );
    expect(flags.map(summary)).toEqual([
      { rule: 'jump', lot: 'lot-1', paddles: ['A'], bids: [1, 2] },
      { rule: 'self-raise', lot: 'lot-1', paddles: ['A'], bids: [1, 2] },
      { rule: 'far-over-estimate', lot: 'lot-1', paddles: ['A'], bids: [2] },
    ]);
  });

  it('answers new flags from onBid, keeps them newest first in flags(), and counts them', () => {
    const engine = createFlagsEngine({ catalogue });
    const messages = scriptMessages([...oneFlagOf['not-higher'], { paddle: 'C', amount: 40_000 }]);
    const answers = messages.map((message) => play(engine, [message]));
    expect(answers.map((flags) => flags.length)).toEqual([0, 1, 1]);
    expect(engine.flags().map((flag) => flag.bidIds[1])).toEqual([uuid(3), uuid(2)]);
    expect(engine.counts()['not-higher']).toBe(2);
  });

  it('drops a bid it has already seen: no flag, no state change', () => {
    const engine = createFlagsEngine();
    const first = bidOf({ paddle: 'A', amount: 50_000 }, 0);
    expect(engine.onBid(first)).toEqual([]);
    expect(engine.onBid(first)).toEqual([]);
    expect(engine.onBid({ ...first, amount: 40_000 })).toEqual([]);
    expect(engine.flags()).toEqual([]);
  });

  it('gives two engines fed the same messages identical flags and ids', () => {
    const sale = ordinarySale();
    // One sale of trouble per rule, its messages slipped in among the ordinary sale's.
    const troubles = scriptMessages(
      flagRules.flatMap((rule, index) =>
        oneFlagOf[rule].map((step) => ({ ...step, auction: `trouble-${index}` })),
      ),
      10_000,
    );
    const messages = sale.messages.flatMap((message, index) =>
      index < troubles.length ? [message, troubles[index]!] : [message],
    );
    const lookup: FlagsEngineOptions['catalogue'] = (auctionId, lotId) =>
      auctionId.startsWith('trouble-')
        ? catalogue('auction-1', lotId)
        : sale.catalogue(auctionId, lotId);
    const [first, second] = [1, 2].map(() => {
      const engine = createFlagsEngine({ catalogue: lookup });
      play(engine, messages);
      return engine;
    });
    expect(first!.flags()).toEqual(second!.flags());
    expect(new Set(first!.flags().map((flag) => flag.id)).size).toBe(flagRules.length);
    expect(first!.counts()).toEqual(Object.fromEntries(flagRules.map((rule) => [rule, 1])));
  });

  it('forgets everything on reset', () => {
    const engine = createFlagsEngine();
    const messages = scriptMessages(oneFlagOf['not-higher']);
    play(engine, messages);
    engine.reset();
    expect(engine.flags()).toEqual([]);
    expect(engine.counts()['not-higher']).toBe(0);
    // The high bid and the seen ids are forgotten too: the lower bid again is a first bid.
    expect(play(engine, messages.slice(1))).toEqual([]);
  });
});

describe('createFlagsEngine: memory bounds', () => {
  it('keeps at most maxFlags flags, newest first, and counts past them', () => {
    const steps: Step[] = [{ paddle: 'A', amount: 50_000 }];
    for (let index = 0; index < 5; index += 1) steps.push({ paddle: 'B', amount: 40_000 });
    const engine = createFlagsEngine({ maxFlags: 3 });
    play(engine, scriptMessages(steps));
    expect(engine.flags().map((flag) => flag.bidIds[1])).toEqual([uuid(6), uuid(5), uuid(4)]);
    expect(engine.counts()['not-higher']).toBe(5);
  });

  it.each<{ name: string; options: FlagsEngineOptions; steps: Step[]; flags: number }>([
    {
      name: 'a lot evicted past maxLots is forgotten: a lower bid on it is a first bid',
      options: { maxLots: 2 },
      steps: [
        { paddle: 'A', amount: 50_000, lot: 'lot-1' },
        { paddle: 'A', amount: 50_000, lot: 'lot-2' },
        { paddle: 'A', amount: 50_000, lot: 'lot-3' },
        { paddle: 'B', amount: 40_000, lot: 'lot-1' },
      ],
      flags: 0,
    },
    {
      name: 'a lot within maxLots is remembered',
      options: { maxLots: 3 },
      steps: [
        { paddle: 'A', amount: 50_000, lot: 'lot-1' },
        { paddle: 'A', amount: 50_000, lot: 'lot-2' },
        { paddle: 'A', amount: 50_000, lot: 'lot-3' },
        { paddle: 'B', amount: 40_000, lot: 'lot-1' },
      ],
      flags: 1,
    },
    {
      name: 'a close evicted past maxClosedLots no longer makes bids late',
      options: { maxClosedLots: 2 },
      steps: [
        { close: 'lot-1' },
        { close: 'lot-2' },
        { close: 'lot-3' },
        { paddle: 'A', amount: 50_000, lot: 'lot-1' },
      ],
      flags: 0,
    },
    {
      name: 'a bid id evicted past maxSeenBids counts again when replayed',
      options: { maxSeenBids: 2 },
      steps: [
        { paddle: 'A', amount: 50_000, lot: 'lot-1' },
        { paddle: 'A', amount: 50_000, lot: 'lot-2' },
        { paddle: 'A', amount: 50_000, lot: 'lot-3' },
        { paddle: 'A', amount: 50_000, lot: 'lot-1', id: 1 },
      ],
      flags: 1,
    },
    {
      name: 'a paddle evicted past maxPaddles starts a new burst window',
      options: { maxPaddles: 1 },
      steps: [
        { paddle: 'A', amount: 50_000, lot: 'lot-1' },
        { paddle: 'A', amount: 50_000, lot: 'lot-2' },
        { paddle: 'B', amount: 50_000, lot: 'lot-9' },
        { paddle: 'A', amount: 50_000, lot: 'lot-3' },
        { paddle: 'A', amount: 50_000, lot: 'lot-4' },
      ],
      flags: 0,
    },
    {
      name: 'a paddle window holds at most maxBidsPerPaddle bids',
      options: { maxBidsPerPaddle: 3 },
      steps: [1, 2, 3, 4].map((lot) => ({ paddle: 'A', amount: 50_000, lot: `lot-${lot}` })),
      flags: 0,
    },
  ])('$name', ({ options, steps, flags }) => {
    expect(runScript(steps, options)).toHaveLength(flags);
  });
});
