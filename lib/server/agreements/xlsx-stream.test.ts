/** @jest-environment node */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { exportRowPages, type ReadPage } from './export';
import { exportColumns } from './export-row';
import { exportRow, fakeExportTable } from './fake-export-table';
import { xlsxRowCells } from './xlsx-cells';
import { zipEntryInput } from './xlsx-backpressure';
import { exportXlsx } from './xlsx-stream';

async function workbookOf(stream: ReadableStream<Uint8Array>): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook;
}

/** Every row of a sheet as plain values, an empty cell as null. */
const valuesOf = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((values) => {
      const cells = (values as ExcelJS.CellValue[]).slice(1);
      return exportColumns.map((_, index) => cells[index] ?? null);
    });

describe('exportXlsx', () => {
  it('writes the header and every row with its cells typed, read back as written', async () => {
    const table = fakeExportTable(7);
    const workbook = await workbookOf(exportXlsx(await exportRowPages(table.read(3), 3)));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Agreements']);
    const [sheet] = workbook.worksheets;
    const rows = valuesOf(sheet!);
    expect(rows[0]).toEqual([...exportColumns]);
    expect(rows.slice(1)).toEqual(
      Array.from({ length: 7 }, (_, i) => xlsxRowCells(exportRow(i + 1)).map((cell) => cell.value)),
    );
    // The formats are in the file: amounts in the currency, dates as dates.
    expect(sheet!.getCell('H2').numFmt).toBe('#,##0.00 "EUR"');
    expect(sheet!.getCell('K2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet!.getCell('K2').type).toBe(ExcelJS.ValueType.Date);
    expect(table.reads).toHaveLength(3);
  });

  it('is a workbook with the header alone when nothing matches', async () => {
    const workbook = await workbookOf(
      exportXlsx(await exportRowPages(fakeExportTable(0).read(3), 3)),
    );
    expect(valuesOf(workbook.worksheets[0]!)).toEqual([[...exportColumns]]);
  });

  it('goes on in a new sheet, with its own header, when a sheet is full', async () => {
    const pages = await exportRowPages(fakeExportTable(10).read(3), 3);
    const workbook = await workbookOf(exportXlsx(pages, 4));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Agreements',
      'Agreements 2',
      'Agreements 3',
    ]);
    const ids = workbook.worksheets.map((sheet) => valuesOf(sheet).map((row) => row[0]));
    expect(ids).toEqual([
      ['id', 'id-1', 'id-2', 'id-3', 'id-4'],
      ['id', 'id-5', 'id-6', 'id-7', 'id-8'],
      ['id', 'id-9', 'id-10'],
    ]);
  });

  it('reads no further than the download has room for, and stops when it goes away', async () => {
    const pageSize = 100;
    const pageCount = 500;
    const table = fakeExportTable(pageSize * pageCount);
    const stream = exportXlsx(await exportRowPages(table.read(pageSize), pageSize));
    // Nobody reads: the zip's and the answer's buffers fill, then the reads stop.
    let reads = 0;
    let still = 0;
    while (still < 4) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      still = table.reads.length === reads ? still + 1 : 0;
      reads = table.reads.length;
    }
    // What fits in those buffers depends on how well the rows compress (these: very well).
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThan(pageCount / 2);
    await stream.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(table.reads.length).toBe(reads);
  });

  it('breaks the download off when a later read fails, and reports it', async () => {
    const table = fakeExportTable(10);
    const failing: ReadPage = async (after) => {
      if (after) throw new Error('connection lost');
      return table.read(2)(after);
    };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const stream = exportXlsx(await exportRowPages(failing, 2));
      await expect(new Response(stream).arrayBuffer()).rejects.toThrow('connection lost');
      expect(errors).toHaveBeenCalledWith('The agreements export failed', expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });
});

describe('zipEntryInput', () => {
  it('finds where the rows of a sheet enter the zip, which the export waits on', () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough() });
    const sheet = workbook.addWorksheet('Agreements');
    sheet.addRow(['id']).commit();
    expect(zipEntryInput(sheet)._writableState.needDrain).toBe(false);
  });
});
