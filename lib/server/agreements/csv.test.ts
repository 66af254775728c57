/** @jest-environment node */
import type { Agreement } from '@/lib/agreements/agreement';
import { agreementCsvFields, agreementCsvHeader, csvField, csvRecord, majorUnits } from './csv';

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

  it('writes the header row of the contract', () => {
    expect(csvRecord(agreementCsvHeader)).toBe(
      'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason\r\n',
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

describe('agreementCsvFields', () => {
  const agreement: Agreement = {
    id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    platformId: 'plat-1',
    auctionId: 'london-watches-2026',
    lotId: 'lot-0021',
    lotTitle: 'Patek Philippe, ref. 2499',
    buyer: '=cmd',
    amount: 430000,
    currency: 'GBP',
    status: 'rejected',
    version: 2,
    closedAt: '2026-03-02T18:30:00.000Z',
    createdAt: '2026-03-02T18:31:00.000Z',
    decidedAt: '2026-03-03T09:00:00.000Z',
    decidedBy: 'alice',
    decidedByName: 'Alice Martin',
    reason: 'Buyer withdrew\n"twice"',
    requiredApprovals: 1,
    approvals: [],
  };

  it('gives the header order, amounts in major and minor units, and no internal fields', () => {
    expect(agreementCsvFields(agreement)).toEqual([
      agreement.id,
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
      '2026-03-03T09:00:00.000Z',
      'alice',
      'Buyer withdrew\n"twice"',
    ]);
    expect(agreementCsvFields(agreement)).toHaveLength(agreementCsvHeader.length);
  });

  it('leaves the decision fields empty while pending', () => {
    const pending = { ...agreement, decidedAt: null, decidedBy: null, reason: null };
    expect(agreementCsvFields(pending).slice(-3)).toEqual(['', '', '']);
  });
});
