import 'server-only';
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

// How the workbook export keeps its memory flat although exceljs's streaming writer ignores
// backpressure (https://github.com/exceljs/exceljs/issues/734): a committed row is written whatever
// the download's pace, and what the zip has not taken piles up. Both remedies reach past exceljs's
// typed surface; exceljs is pinned, and a test fails if they stop finding what they need.

export type WorkbookWriter = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
export type Worksheet = ReturnType<WorkbookWriter['addWorksheet']>;

/** The writable side of a stream as `readable-stream` 2 (archiver's) keeps it. */
interface ZipEntryInput extends NodeJS.EventEmitter {
  _writableState: { needDrain: boolean };
}

const isZipEntryInput = (value: unknown): value is ZipEntryInput =>
  typeof (value as ZipEntryInput | undefined)?._writableState?.needDrain === 'boolean';

/**
 * Where a worksheet's rows go into the zip (archiver's input for the sheet's entry), the stream in
 * whose buffer untaken rows pile up.
 */
export function zipEntryInput(sheet: Worksheet): ZipEntryInput {
  const sheetStream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const input = sheetStream?.pipes?.[0];
  if (!isZipEntryInput(input))
    throw new Error('exceljs changed: a worksheet stream no longer pipes into the zip entry');
  return input;
}

/** True once the zip has taken the sheet's rows; false if the download went away meanwhile. */
export async function drained(sheet: Worksheet, output: PassThrough): Promise<boolean> {
  const input = zipEntryInput(sheet);
  if (input._writableState.needDrain && !output.destroyed) {
    const stop = new AbortController();
    const { signal } = stop;
    await Promise.race([
      once(input, 'drain', { signal }),
      once(output, 'close', { signal }),
    ]).finally(() => stop.abort());
  }
  return !output.destroyed;
}

/**
 * Archiver buffers up to 1 MiB of zip each way by default: 2 MiB more held by every download, and
 * tens of thousands of rows read before the download holds the reads back. `highWaterMark` is an
 * option exceljs passes on to archiver but does not type.
 */
export const zipOptions = { highWaterMark: 64 * 1024, zlib: { level: 6 } };
