/** @jest-environment node */
import { exportColumns, type ExportRow } from './export-row';
import { exportRow as exportRowOf } from './fake-export-table';
import { amountStyle, xlsxColumns, xlsxRowCells } from './xlsx-cells';

describe('amountStyle', () => {
  it.each<[string, string]>([
    ['EUR', '#,##0.00 "EUR"'],
    ['GBP', '#,##0.00 "GBP"'],
    ['JPY', '#,##0 "JPY"'],
    ['KRW', '#,##0 "KRW"'],
    ['BHD', '#,##0.000 "BHD"'],
  ])('%s: %s', (currency, numFmt) => {
    expect(amountStyle(currency)).toEqual({ numFmt });
  });

  it('is one object a currency, so the workbook has one style for it', () => {
    expect(amountStyle('EUR')).toBe(amountStyle('EUR'));
  });
});

describe('xlsxRowCells', () => {
  const row: ExportRow = {
    id: 'id-1',
    platformId: 'p-1',
    auctionId: 'tokyo-2026',
    lotId: '0021',
    lotTitle: '=Netsuke,\r\nivory',
    buyer: '@Paddle 7',
    currency: 'JPY',
    amountMinor: 1_234_567,
    status: 'approved',
    closedAt: new Date('2026-03-02T18:30:00.500Z'),
    decidedAt: new Date('2026-03-03T09:00:00Z'),
    decidedBy: 'alice',
    reason: 'ok\rfine',
    saleTitle: 'Japanese Art',
    lotNumber: 21,
    decidedByName: 'Alice Martin',
    firstApprovedBy: 'bob',
    firstApprovedAt: new Date('2026-03-02T20:00:00Z'),
    flags: { open: 0, escalated: 1, cleared: 2 },
  };

  it('gives each column its type: text, numbers in major units with the format, dates', () => {
    const cells = Object.fromEntries(
      xlsxRowCells(row).map((cell, index) => [exportColumns[index], cell]),
    );
    expect(cells).toEqual({
      id: { value: 'id-1', style: {} },
      platformId: { value: 'p-1', style: {} },
      auctionId: { value: 'tokyo-2026', style: {} },
      // A lot id stays text: no leading zero lost.
      lotId: { value: '0021', style: {} },
      // Text cells are never formulas: no guard, line breaks as line feeds.
      lotTitle: { value: '=Netsuke,\nivory', style: {} },
      buyer: { value: '@Paddle 7', style: {} },
      currency: { value: 'JPY', style: {} },
      amount: { value: 1_234_567, style: { numFmt: '#,##0 "JPY"' } },
      amountMinor: { value: 1_234_567, style: { numFmt: '0' } },
      status: { value: 'approved', style: {} },
      closedAt: { value: row.closedAt, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      decidedAt: { value: row.decidedAt, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      decidedBy: { value: 'alice', style: {} },
      reason: { value: 'ok\nfine', style: {} },
      saleTitle: { value: 'Japanese Art', style: {} },
      lotNumber: { value: 21, style: {} },
      decidedByName: { value: 'Alice Martin', style: {} },
      firstApprovedBy: { value: 'bob', style: {} },
      firstApprovedAt: { value: row.firstApprovedAt, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      flags: { value: 'open 0; escalated 1; cleared 2', style: {} },
    });
  });

  it('writes amounts in the currency major units, exactly as the CSV reads', () => {
    const amount = (amountMinor: number, currency: string) =>
      xlsxRowCells({ ...row, amountMinor, currency })[exportColumns.indexOf('amount')]?.value;
    expect(amount(1_450_050, 'EUR')).toBe(14500.5);
    expect(amount(5, 'GBP')).toBe(Number('0.05'));
    expect(amount(1_234, 'BHD')).toBe(1.234);
  });

  it('leaves what is not there empty', () => {
    const cells = xlsxRowCells({
      ...row,
      decidedAt: null,
      decidedBy: null,
      reason: null,
      saleTitle: null,
      lotNumber: null,
      decidedByName: null,
      firstApprovedBy: null,
      firstApprovedAt: null,
    });
    expect(cells.slice(11, 19)).toEqual(
      Array.from({ length: 8 }, () => ({ value: null, style: {} })),
    );
  });
});

describe('the styles of many rows', () => {
  it('are a few objects, shared: exceljs indexes a style by the object', () => {
    const currencies = ['EUR', 'JPY', 'BHD'];
    const styles = new Set(
      Array.from({ length: 300 }, (_, serial) =>
        xlsxRowCells({
          ...exportRowOf(serial),
          currency: currencies[serial % 3]!,
          decidedAt: serial % 2 ? new Date(serial) : null,
        }).map((cell) => cell.style),
      ).flat(),
    );
    // Plain, whole number, date and time, and an amount format a currency.
    expect(styles.size).toBe(3 + currencies.length);
  });
});

describe('xlsxColumns', () => {
  it('has every column of the export, keyed by its header, each with a width', () => {
    expect(xlsxColumns.map((column) => column.key)).toEqual([...exportColumns]);
    for (const column of xlsxColumns) expect(column.width).toBeGreaterThanOrEqual(9);
  });
});
