// Where the simulator's lot numbering resumes after a restart, kept next to the relay's channel
// log. The console upserts lots on (auctionId, lotId), and lot ids follow lot numbers: a relay
// that numbered from 1 again would overwrite the catalogue of lots already bid on and sold, and
// its new bids would land in their history. Lots catalogued but never opened are numbered again
// (the console then updates their entries: nobody bid on them). Each sale is kept under the
// auctionId of the session it runs (sale-sessions.ts), so a restart also resumes the session, or
// begins the next one when that session had opened its last lot.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

type Log = Pick<Console, 'warn'>;

export function lotNumberStore(file: string, log: Log = console) {
  let warned = false;
  return {
    /** Per auctionId, the first lot number of this run; empty without a usable file. */
    read(): Record<string, number> {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // No file yet: a fresh data folder, numbering from 1.
        return {};
      }
      try {
        const { firstLotNumbers } = JSON.parse(text) as { firstLotNumbers?: unknown };
        const entries = Object.entries(firstLotNumbers ?? {}).filter(
          ([, value]) => Number.isSafeInteger(value) && (value as number) >= 1,
        );
        return Object.fromEntries(entries) as Record<string, number>;
      } catch {
        log.warn(`gavel: bid simulator: ${file} is not readable JSON; numbering lots from 1`);
        return {};
      }
    },
    /** Written whole then renamed: a crash mid-write leaves the previous numbers, never half. */
    write(firstLotNumbers: Record<string, number>) {
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(`${file}.tmp`, `${JSON.stringify({ firstLotNumbers }, null, 2)}\n`);
        renameSync(`${file}.tmp`, file);
        warned = false;
      } catch (error) {
        // The sale goes on; only a restart would number lots again. Said once, not every lot.
        if (!warned)
          log.warn(
            `gavel: bid simulator: cannot keep the lot numbering in ${file}: ${String(error)}`,
          );
        warned = true;
      }
    },
  };
}
