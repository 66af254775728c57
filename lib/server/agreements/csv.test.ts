/** @jest-environment node */
import { csvField, csvRecord } from '@/lib/server/http/csv-record';
import { exportCsvFields, exportCsvHeader, majorUnits } from './csv';
import type { ExportRow } from './export-row';

describe('csvField', () => {
  it.each<[string, string, string]>([
    ['plain text as it is', 'Omega Speedmaster', 'Omega Speedmaster'],
    ['the empty string as it is', '', ''],
    ['accents and other scripts as they are', 'Nu couché, Ωμέγα', '"Nu couché, Ωμέγα"'],
    ['a comma quoted', 'Paris, France', '"Paris, France"'],
    ['quotes doubled and quoted', 'The "Daytona"', '"The ""Daytona"""'],
    ['a lone quote', '"', '""""'],
    ['a line feed quoted', 'line 1\nline 2', '"line 1\nline 2"'],
    ['a CRLF quoted', 'line 1\r\nline 2', '"line 1\r\nline 2"'],
    ['a single quote as it is', "O'Brien", "O'Brien"],
    ['a semicolon as it is', 'a;b', 'a;b'],
    ['a formula: =', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a formula: +', '+1+1', "'+1+1"],
    ['a formula: -', '-2+3', "'-2+3"],
    ['a formula: @', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\tcmd', "'\tcmd"],
    ['a leading carriage return, prefixed then quoted', '\rcmd', `"'\rcmd"`],
    ['a formula character inside the text as it is', 'a=b-c+d@e', 'a=b-c+d@e'],
    ['a leading space before =, as it is', ' =1', ' =1'],
    ['a leading line feed quoted, not prefixed', '\n=1', '"\n=1"'],
  ])('writes %s', (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
    expect(csvRecord([''])).toBe('\r\n');
  });

  it('writes the header row of the contract: the first columns, then those of the lot story', () => {
    expect(exportCsvHeader).toBe(
      'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason,' +
        'saleTitle,lotNumber,decidedByName,firstApprovedBy,firstApprovedAt,flags\r\n',
    );
  });
});

describe('majorUnits', () => {
  it.each<[number, string, string]>([
    [123456, 'EUR', '1234.56'],
    [100, 'EUR', '1.00'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [99, 'USD', '0.99'],
    [123456, 'JPY', '123456'],
    [0, 'JPY', '0'],
    [7, 'KRW', '7'],
    [1234, 'BHD', '1.234'],
    [5, 'BHD', '0.005'],
    [1000, 'KWD', '1.000'],
    [Number.MAX_SAFE_INTEGER, 'EUR', '90071992547409.91'],
    [-150, 'EUR', '-1.50'],
  ])('%p %s -> %s', (minor, currency, expected) => {
    expect(majorUnits(minor, currency)).toBe(expected);
  });
});

describe('exportCsvFields', () => {
  const row: ExportRow = {
    id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    platformId: 'plat-1',
    auctionId: 'london-watches-2026',
    lotId: 'lot-0021',
    lotTitle: 'Patek Philippe, ref. 2499',
    buyer: '=cmd',
    currency: 'GBP',
    amountMinor: 430000,
    status: 'rejected',
    closedAt: new Date('2026-03-02T18:30:00Z'),
    decidedAt: new Date('2026-03-03T09:00:00.125Z'),
    decidedBy: 'alice',
    reason: 'Buyer withdrew\n"twice"',
    saleTitle: 'Important Watches, London',
    lotNumber: 21,
    decidedByName: 'Alice Martin',
    firstApprovedBy: 'bob',
    firstApprovedAt: new Date('2026-03-02T20:00:00Z'),
    flags: { open: 1, escalated: 0, cleared: 2 },
  };

  it('gives the header order, amounts in major and minor units, times in ISO 8601 UTC', () => {
    expect(exportCsvFields(row)).toEqual([
      row.id,
      'plat-1',
      'london-watches-2026',
      'lot-0021',
      'Patek Philippe, ref. 2499',
      '=cmd',
      'GBP',
      '4300.00',
      '430000',
      'rejected',
      '2026-03-02T18:30:00.000Z',
      '2026-03-03T09:00:00.125Z',
      'alice',
      'Buyer withdrew\n"twice"',
      'Important Watches, London',
      '21',
      'Alice Martin',
      'bob',
      '2026-03-02T20:00:00.000Z',
      'open 1; escalated 0; cleared 2',
    ]);
    expect(csvRecord(exportCsvFields(row)).split(',')).toHaveLength(
      exportCsvHeader.split(',').length + 2, // the two quoted commas, in the title and sale title
    );
  });

  it('leaves what is not there yet empty: decision, approval, a lot missing from the catalogue', () => {
    const pending: ExportRow = {
      ...row,
      status: 'pending',
      decidedAt: null,
      decidedBy: null,
      reason: null,
      decidedByName: null,
      saleTitle: null,
      lotNumber: null,
      firstApprovedBy: null,
      firstApprovedAt: null,
      flags: { open: 0, escalated: 0, cleared: 0 },
    };
    const fields = exportCsvFields(pending);
    expect(fields.slice(11, 19)).toEqual(['', '', '', '', '', '', '', '']);
    expect(fields[19]).toBe('open 0; escalated 0; cleared 0');
  });

  it('guards the new text columns against formulas as the first ones', () => {
    const hostile = { ...row, saleTitle: '=HYPERLINK("x")', decidedByName: '@Alice' };
    expect(csvRecord(exportCsvFields(hostile))).toContain(`,"'=HYPERLINK(""x"")",21,'@Alice,`);
  });
});
