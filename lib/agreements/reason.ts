import { reasonLength, type Decision } from './agreement';

/** What is wrong with a decision's reason, if anything: a reject needs 3 to 500 characters. */
export function reasonProblem(decision: Decision, reason: string): 'required' | 'tooLong' | null {
  const length = reason.trim().length;
  if (length > reasonLength.max) return 'tooLong';
  if (decision === 'reject' && length < reasonLength.min) return 'required';
  return null;
}
