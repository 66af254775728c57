import { gatedStates, reviewChoices, reviewStep } from './flag-review';

// Contract §14's moves, written out: state × outcome × role → what happens.
const moves = [
  ['open', 'cleared', 'clerk', { kind: 'reviewed', state: 'cleared' }],
  ['open', 'escalated', 'clerk', { kind: 'reviewed', state: 'escalated' }],
  ['open', 'cleared', 'supervisor', { kind: 'reviewed', state: 'cleared' }],
  ['open', 'escalated', 'admin', { kind: 'reviewed', state: 'escalated' }],
  ['escalated', 'cleared', 'clerk', { kind: 'forbidden' }],
  ['escalated', 'cleared', 'supervisor', { kind: 'reviewed', state: 'cleared' }],
  ['escalated', 'cleared', 'admin', { kind: 'reviewed', state: 'cleared' }],
  ['escalated', 'escalated', 'clerk', { kind: 'conflict' }],
  ['escalated', 'escalated', 'admin', { kind: 'conflict' }],
  ['cleared', 'cleared', 'admin', { kind: 'conflict' }],
  ['cleared', 'escalated', 'supervisor', { kind: 'conflict' }],
  ['cleared', 'escalated', 'clerk', { kind: 'conflict' }],
] as const;

describe('reviewStep', () => {
  it.each(moves)('a flag %s, %s by a %s: %j', (state, outcome, role, step) => {
    expect(reviewStep(state, outcome, role)).toEqual(step);
  });
});

describe('reviewChoices: what the screen offers', () => {
  it.each([
    ['open', 'clerk', ['cleared', 'escalated']],
    ['escalated', 'clerk', []],
    ['escalated', 'supervisor', ['cleared']],
    ['cleared', 'admin', []],
  ] as const)('a flag %s, to a %s: %j', (state, role, choices) => {
    expect(reviewChoices(state, role)).toEqual(choices);
  });
});

describe('gatedStates', () => {
  it.each([
    ['escalated', ['escalated']],
    ['open', ['open', 'escalated']],
    ['off', []],
  ] as const)('FLAG_GATE=%s holds back flags %j', (gate, states) => {
    expect(gatedStates(gate)).toEqual(states);
  });
});
