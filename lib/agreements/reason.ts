import { reasonLength, type LogAction } from './agreement';

/**
 * What is wrong with a decision's reason, if anything: a reject or a reopening needs 3 to 500
 * characters, an approval's note at most 500.
 */
export function reasonProblem(action: LogAction, reason: string): 'required' | 'tooLong' | null {
  const length = reason.trim().length;
  if (length > reasonLength.max) return 'tooLong';
  if (action !== 'approve' && length < reasonLength.min) return 'required';
  return null;
}
