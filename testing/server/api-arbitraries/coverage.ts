// Which outcomes a property reached.
import type { Answer } from './answers';

/**
 * Tallies the answers a property got, so that a test can fail when its generators never reach an
 * outcome (a property whose requests all stop at the first guard proves little about the rest).
 */
export class Outcomes {
  private readonly counts = new Map<string, number>();

  note(answer: Answer): void {
    const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  toString(): string {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  }

  /**
   * Fails unless every expected outcome ("200", "409 conflict") was seen, in runs of at least
   * `minRuns` cases (fewer prove nothing either way). FUZZ_STATS=1 prints the tally.
   */
  expectReached(name: string, expected: readonly string[], runs: number, minRuns = 150): void {
    if (process.env.FUZZ_STATS) console.info(`${name}: ${this.toString()}`);
    if (runs < minRuns) return;
    const missing = expected.filter((key) => !this.counts.has(key));
    if (missing.length > 0) {
      throw new Error(
        `${name}: the cases never got ${missing.join(', ')} (got ${this.toString()})`,
      );
    }
  }
}
