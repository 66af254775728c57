/** @jest-environment node */
import { exportFileName, exportRowPages, type ReadPage } from './export';
import { fakeExportTable } from './fake-export-table';

async function pagesOf(readPage: ReadPage, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  for await (const page of await exportRowPages(readPage, pageSize)) {
    pages.push(page.map((row) => row.id));
  }
  return pages;
}

describe('exportRowPages', () => {
  it.each<[string, number, number, number[], number]>([
    ['no agreement: no page, one read', 0, 3, [], 1],
    ['fewer than a page: one read', 2, 3, [2], 1],
    ['exactly one page: a second read finds nothing', 3, 3, [3], 2],
    ['several pages and a short one', 8, 3, [3, 3, 2], 3],
    ['several full pages', 9, 3, [3, 3, 3], 4],
  ])('%s', async (_name, rows, pageSize, sizes, reads) => {
    const table = fakeExportTable(rows);
    const pages = await pagesOf(table.read(pageSize), pageSize);
    expect(pages.map((page) => page.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(Array.from({ length: rows }, (_, i) => `id-${i + 1}`));
    expect(table.reads).toHaveLength(reads);
    // Each read starts after the last row of the one before.
    expect(table.reads.map((after) => after?.seq ?? 0)).toEqual(
      Array.from({ length: reads }, (_, i) => i * pageSize),
    );
  });

  it('reads the first page before it resolves, then each page only when asked', async () => {
    const table = fakeExportTable(10);
    const pages = await exportRowPages(table.read(2), 2);
    expect(table.reads).toHaveLength(1);
    expect((await pages.next()).value?.map((row) => row.id)).toEqual(['id-1', 'id-2']);
    expect(table.reads).toHaveLength(1);
    await pages.next();
    expect(table.reads).toHaveLength(2);
    // A writer that stops (the download went away) ends the reads.
    await pages.return();
    expect(await pages.next()).toEqual({ done: true, value: undefined });
    expect(table.reads).toHaveLength(2);
  });

  it('fails at once when the first read fails, before any byte is sent', async () => {
    await expect(
      exportRowPages(async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
  });
});

describe('exportFileName', () => {
  const now = new Date('2026-11-21T23:59:59Z');

  it.each<[string, string, string | undefined, string]>([
    ['the status and the day', 'pending', undefined, 'agreements-pending-2026-11-21.csv'],
    [
      'the sale',
      'approved',
      'london-watches-2026',
      'agreements-approved-london-watches-2026-2026-11-21.csv',
    ],
    [
      'a sale with spaces and quotes, made safe',
      'pending',
      'Sale "A", Paris',
      'agreements-pending-Sale-A-Paris-2026-11-21.csv',
    ],
    ['a sale of accents only, left out', 'pending', 'éé', 'agreements-pending-2026-11-21.csv'],
    ['a sale with dots at its ends', 'pending', '../etc', 'agreements-pending-etc-2026-11-21.csv'],
  ])('names %s', (_name, status, sale, expected) => {
    expect(exportFileName(status, sale, now)).toBe(expected);
  });

  it('keeps a long sale id to 60 characters', () => {
    const name = exportFileName('pending', 's'.repeat(100), now);
    expect(name).toBe(`agreements-pending-${'s'.repeat(60)}-2026-11-21.csv`);
  });

  it('ends a workbook in .xlsx', () => {
    expect(exportFileName('approved', 'paris', now, 'xlsx')).toBe(
      'agreements-approved-paris-2026-11-21.xlsx',
    );
  });
});
