/** PubNub timetokens: 17-digit strings (ms × 10^4), compared as integers past 2^53. */
export const isNewer = (a: string, b: string): boolean => BigInt(a) > BigInt(b);

/** The later of two timetokens; either may be unknown. */
export function latestOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return isNewer(a, b) ? a : b;
}

export const timetokenToMs = (timetoken: string): number => Number(BigInt(timetoken) / 10_000n);

export const timetokenFromMs = (ms: number): string => (BigInt(ms) * 10_000n).toString();
