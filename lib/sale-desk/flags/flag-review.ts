// A flag's review (docs/product-contract.md §14) as data and one pure rule: the states a flag
// moves through, who may move it, and which states keep an agreement of its lot from approval.
// No I/O: the server decides with it, the screen offers only what it allows, drizzle-kit reads
// the states through the schema.
import { can, type Role } from '../../auth/roles.ts';

export const flagStates = ['open', 'cleared', 'escalated'] as const;
export type FlagState = (typeof flagStates)[number];

export const reviewOutcomes = ['cleared', 'escalated'] as const;
export type ReviewOutcome = (typeof reviewOutcomes)[number];

/** `FLAG_GATE`: which flags hold an agreement of their lot back from approval. */
export const flagGates = ['escalated', 'open', 'off'] as const;
export type FlagGate = (typeof flagGates)[number];
export const defaultFlagGate: FlagGate = 'escalated';

export type ReviewStep =
  | { kind: 'reviewed'; state: FlagState }
  /** The role may not make this move (an escalated flag, cleared by a clerk). */
  | { kind: 'forbidden' }
  /** Not a move from this state (already cleared, escalated twice): reviewed by someone else. */
  | { kind: 'conflict' };

/**
 * Open → cleared or escalated, by anyone; escalated → cleared, by a supervisor or an admin;
 * nothing else. A review that meets a state it does not move from lost a race with another.
 */
export function reviewStep(state: FlagState, outcome: ReviewOutcome, role: Role): ReviewStep {
  if (state === 'open')
    return can(role, 'review-flag') ? { kind: 'reviewed', state: outcome } : { kind: 'forbidden' };
  if (state === 'escalated' && outcome === 'cleared')
    return can(role, 'clear-escalated-flag')
      ? { kind: 'reviewed', state: 'cleared' }
      : { kind: 'forbidden' };
  return { kind: 'conflict' };
}

/** The states that hold an agreement back under `gate`: open is the stricter, off none. */
export function gatedStates(gate: FlagGate): readonly FlagState[] {
  switch (gate) {
    case 'open':
      return ['open', 'escalated'];
    case 'escalated':
      return ['escalated'];
    case 'off':
      return [];
  }
}

/** What a reviewer may do with a flag in `state`: the screen shows these and no others. */
export function reviewChoices(state: FlagState, role: Role): ReviewOutcome[] {
  return reviewOutcomes.filter((outcome) => reviewStep(state, outcome, role).kind === 'reviewed');
}
