// Now and then (every 30 to 60 s) the simulator plays one bidding pattern that a flag rule of the
// sale desk catches (anomaly-patterns.ts), cycling through the rules in their order, so staff and
// QA see every kind of flag in a running sale, and can tell from the relay's log what to expect.
// Pure: randomness and times are passed in.
import type { BidPlaced } from '../lib/sale-desk/bid-messages.ts';
import { flagRules } from '../lib/sale-desk/flags/flag-rules.ts';
import { createPatterns, type AnomalyReport, type Play, type World } from './anomaly-patterns.ts';
import type { OpenLot, Room } from './lot-bidding.ts';

export type { AnomalyReport } from './anomaly-patterns.ts';

/** A pattern that finds nothing to play on for this long gives way to the next one. */
const giveUpAfterMs = 60_000;

export interface AnomaliesOptions {
  enabled: boolean;
  room: Room;
  world: World;
  tickMs: number;
  onAnomaly?: (report: AnomalyReport) => void;
}

export function createAnomalies({ enabled, room, world, tickMs, onAnomaly }: AnomaliesOptions) {
  const patterns = createPatterns({ room, world, tickMs });
  const interval = () => 30_000 + 30_000 * room.random();
  let due: number | null = null;
  let kind = 0;
  let playing: Play | null = null;
  /** A long pattern plays every other tick, leaving the others to the rest of the sale. */
  let skip = false;

  return {
    /** The lot a pattern holds: ordinary bidding leaves it alone. */
    held: (): OpenLot | null => playing?.lot ?? null,
    /** This tick's anomalous bids, or null to leave the tick to ordinary bidding. */
    step(at: number): BidPlaced[] | null {
      // The first one comes 30 to 60 s into the sale, not into a wait for the console.
      if (!enabled || world.open().length === 0) return null;
      due ??= at + interval();
      if (playing === null) {
        if (at < due) return null;
        playing = patterns[flagRules[kind]!](at);
        if (playing === null) {
          // Nothing to play it on for a long while (a sale short of lots): the next one's turn.
          if (at - due > giveUpAfterMs) [kind, due] = [(kind + 1) % flagRules.length, at];
          return null;
        }
        skip = false;
      }
      skip = !skip;
      if (!skip) return null;
      const result = playing.step(at);
      const report = playing.report;
      if (result === null || result.done) playing = null;
      // Cut short (its lot closed): the same kind is tried again on another lot.
      if (result === null) return null;
      if (result.done) {
        onAnomaly?.(report);
        kind = (kind + 1) % flagRules.length;
        due = at + interval();
      }
      return result.bids;
    },
  };
}

export type Anomalies = ReturnType<typeof createAnomalies>;
