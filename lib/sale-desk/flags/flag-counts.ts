import { flagRules, type FlagRule } from './flag-rules';

export type FlagCounts = Record<FlagRule, number>;

/** Every rule present, at zero, so a count of 0 reads as 0 and not as missing. */
export const emptyFlagCounts = (): FlagCounts =>
  Object.fromEntries(flagRules.map((rule) => [rule, 0])) as FlagCounts;
