import 'server-only';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { reportExportFailure, type ExportPages } from './export';
import { exportColumns } from './export-row';
import { drained, zipOptions, type WorkbookWriter, type Worksheet } from './xlsx-backpressure';
import { xlsxColumns, xlsxRowCells } from './xlsx-cells';

/** Excel's last row is 1,048,576: a sheet holds the header and this many agreements. */
export const rowsPerSheet = 1_048_575;

function addSheet(workbook: WorkbookWriter, number: number): Worksheet {
  const sheet = workbook.addWorksheet(number === 1 ? 'Agreements' : `Agreements ${number}`, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = xlsxColumns;
  const header = sheet.addRow([...exportColumns]);
  header.font = { bold: true };
  header.commit();
  return sheet;
}

async function writeWorkbook(pages: ExportPages, output: PassThrough, sheetRows: number) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Shared strings would hold every distinct text in memory until the end.
    useSharedStrings: false,
    zip: zipOptions,
  });
  // The zip reports a failure as an event: without a listener it would end the process.
  (workbook as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) =>
    output.destroy(error),
  );
  let sheets = 1;
  let sheet = addSheet(workbook, sheets);
  let rowsInSheet = 0;
  for await (const page of pages) {
    for (const exportRow of page) {
      if (rowsInSheet === sheetRows) {
        sheet.commit();
        sheets += 1;
        sheet = addSheet(workbook, sheets);
        rowsInSheet = 0;
      }
      const cells = xlsxRowCells(exportRow);
      const row = sheet.addRow(cells.map((cell) => cell.value));
      cells.forEach((cell, index) => {
        row.getCell(index + 1).style = cell.style;
      });
      row.commit();
      rowsInSheet += 1;
    }
    // Leaving the loop ends the pages: no further read.
    if (!(await drained(sheet, output))) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The zip's bytes as the answer's body, a chunk each time the reader asks. Not `Readable.toWeb`:
 * in Node 24 it may still enqueue a chunk after the reader cancelled, which throws where no one
 * catches it. The iterator's `return` destroys the stream, which stops the writing.
 */
function pulledFrom(output: PassThrough): ReadableStream<Uint8Array> {
  const chunks: AsyncIterator<Buffer> = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        // A copy: a small Buffer may be a slice of Node's shared pool.
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The export's rows as an .xlsx workbook, streamed: a page is read once the zip has taken the one
 * before and the download has room for it, so memory holds about a page whatever the size. A
 * failure breaks the download off; a download that goes away stops the reads.
 */
export function exportXlsx(
  pages: ExportPages,
  sheetRows = rowsPerSheet,
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  writeWorkbook(pages, output, sheetRows).catch((error: unknown) => {
    if (!output.destroyed) output.destroy(reportExportFailure(error) as Error);
  });
  return pulledFrom(output);
}
