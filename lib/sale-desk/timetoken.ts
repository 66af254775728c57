// PubNub timetokens: 17-digit strings (ms × 10^4), compared as the integers they are, past 2^53.
// Shared with the embedded relay (relay/timetokens.ts), which compares one for every message a
// subscribe or history request looks at.

const withoutLeadingZeros = (value: string) =>
  value.length > 1 && value.startsWith('0') ? value.replace(/^0+(?=\d)/, '') : value;

/**
 * Compares two timetokens as integers without parsing them: the longer digit string is the
 * larger, then the order of the characters (a BigInt each cost a history page of a 10,000-message
 * channel 3 ms on the relay, and every sort of the first load's 2,000 messages its share).
 */
export const compareTimetokens = (a: string, b: string): number => {
  const x = withoutLeadingZeros(a);
  const y = withoutLeadingZeros(b);
  if (x.length !== y.length) return x.length > y.length ? 1 : -1;
  return x === y ? 0 : x > y ? 1 : -1;
};

export const isNewer = (a: string, b: string): boolean => compareTimetokens(a, b) > 0;

/**
 * Published after its lot's `lot.closed` (null while the lot is open): a late bid, counted but
 * never the lot's high bid or leader. One rule for the lot board and the lot panel's ladder.
 */
export const isAfterClose = (timetoken: string, closedTimetoken: string | null): boolean =>
  closedTimetoken !== null && isNewer(timetoken, closedTimetoken);

/** The later of two timetokens; either may be unknown. */
export function latestOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return isNewer(a, b) ? a : b;
}

export const timetokenToMs = (timetoken: string): number => Number(BigInt(timetoken) / 10_000n);

export const timetokenFromMs = (ms: number): string => (BigInt(ms) * 10_000n).toString();
