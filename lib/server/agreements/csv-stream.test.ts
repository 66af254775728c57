/** @jest-environment node */
import { exportCsvHeader } from './csv';
import { exportCsv } from './csv-stream';
import { exportRowPages, type ReadPage } from './export';
import { exportRowCsv, fakeExportTable } from './fake-export-table';

const csvOf = async (readPage: ReadPage, pageSize: number) =>
  new Response(exportCsv(await exportRowPages(readPage, pageSize))).text();

describe('exportCsv', () => {
  it.each<[string, number, number]>([
    ['no agreement: the header alone', 0, 3],
    ['fewer than a page', 2, 3],
    ['exactly one page', 3, 3],
    ['several pages and a short one', 8, 3],
  ])('%s', async (_name, rows, pageSize) => {
    const csv = await csvOf(fakeExportTable(rows).read(pageSize), pageSize);
    const serials = Array.from({ length: rows }, (_, i) => i + 1);
    expect(csv).toBe(exportCsvHeader + serials.map(exportRowCsv).join(''));
  });

  it('sends the header, then a page a chunk, read only when the reader asks', async () => {
    const table = fakeExportTable(10);
    const stream = exportCsv(await exportRowPages(table.read(2), 2));
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(exportCsvHeader);
    expect(decoder.decode((await reader.read()).value)).toBe(exportRowCsv(1) + exportRowCsv(2));
    expect(table.reads).toHaveLength(1);
    expect(decoder.decode((await reader.read()).value)).toBe(exportRowCsv(3) + exportRowCsv(4));
    expect(table.reads).toHaveLength(2);
    // A reader that goes away stops the reads.
    await reader.cancel();
    expect(table.reads).toHaveLength(2);
  });

  it('breaks the download off when a later read fails, and reports it', async () => {
    const table = fakeExportTable(10);
    const failing: ReadPage = async (after) => {
      if (after) throw new Error('connection lost');
      return table.read(2)(after);
    };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(csvOf(failing, 2)).rejects.toThrow('connection lost');
      expect(errors).toHaveBeenCalledWith('The agreements export failed', expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });
});
