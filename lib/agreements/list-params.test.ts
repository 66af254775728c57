/** @jest-environment node */
import {
  defaultListParams,
  exportHref,
  listApiPath,
  listPageHref,
  readListParams,
  type ListParams,
} from './list-params';

const base = defaultListParams;
const read = (query: string) => readListParams(new URLSearchParams(query));

describe('readListParams', () => {
  it('reads an empty query as the defaults', () => {
    expect(read('')).toEqual({
      ...base,
      status: 'pending',
      q: '',
      sale: '',
      sort: 'closedAt',
      cursor: null,
    });
    expect(read('')).toEqual(defaultListParams);
  });

  it.each([
    ['pending', 'pending'],
    ['approved', 'approved'],
    ['rejected', 'rejected'],
    ['', 'pending'],
    ['Approved', 'pending'],
    [' approved', 'pending'],
    ['all', 'pending'],
    ['decided', 'pending'],
  ] as const)('reads status=%j as %s', (status, expected) => {
    expect(read(`status=${encodeURIComponent(status)}`).status).toBe(expected);
  });

  it('reads control characters in the search and the sale as spaces (cells pasted from a spreadsheet)', () => {
    expect(read('q=Bulk%09lot+003').q).toBe('Bulk lot 003');
    expect(read('q=%0ABulk%0D%0Alot%00').q).toBe('Bulk lot');
    expect(read('sale=paris%09').sale).toBe('paris');
  });

  it('takes the first status when the query repeats it', () => {
    expect(read('status=rejected&status=approved').status).toBe('rejected');
  });

  it.each([
    ['absent', '', ''],
    ['empty', 'q=', ''],
    ['plain', 'q=lamp', 'lamp'],
    ['padded', 'q=%20%20brass%20lamp%09%0A', 'brass lamp'],
    ['only spaces', 'q=%20%20%20', ''],
    ['plus as space', 'q=Ming+vase', 'Ming vase'],
    ['exactly 200', `q=${'a'.repeat(200)}`, 'a'.repeat(200)],
    ['201 cut at 200', `q=${'a'.repeat(200)}b`, 'a'.repeat(200)],
    ['padded 200 kept whole', `q=${'%20'.repeat(5)}${'a'.repeat(200)}%20`, 'a'.repeat(200)],
    ['far too long', `q=${'x'.repeat(5000)}`, 'x'.repeat(200)],
  ])('reads q %s', (_name, query, expected) => {
    expect(read(query).q).toBe(expected);
  });

  it.each([
    ['absent', '', null],
    ['empty', 'cursor=', null],
    ['given', 'cursor=c1.MTIz', 'c1.MTIz'],
  ])('reads cursor %s', (_name, query, expected) => {
    expect(read(query).cursor).toBe(expected);
  });

  it('ignores parameters it does not know', () => {
    expect(read('page=3&limit=1000&sort=desc')).toEqual(defaultListParams);
    expect(read('sort=-amount&sale=')).toEqual({ ...defaultListParams, sort: '-amount' });
  });
});

describe('listPageHref', () => {
  it.each<[string, ListParams, string]>([
    ['the defaults', defaultListParams, '/agreements'],
    [
      'another status',
      { ...base, status: 'approved', q: '', cursor: null },
      '/agreements?status=approved',
    ],
    ['a search', { ...base, status: 'pending', q: 'lamp', cursor: null }, '/agreements?q=lamp'],
    [
      'a cursor',
      { ...base, status: 'pending', q: '', cursor: 'c1.MTIz' },
      '/agreements?cursor=c1.MTIz',
    ],
    [
      'all three',
      { ...base, status: 'rejected', q: 'lamp', cursor: 'c1.MTIz' },
      '/agreements?status=rejected&q=lamp&cursor=c1.MTIz',
    ],
    [
      'characters that need encoding',
      { ...base, status: 'pending', q: 'Ming & Co =vase? 50%', cursor: 'a+b/c=' },
      '/agreements?q=Ming+%26+Co+%3Dvase%3F+50%25&cursor=a%2Bb%2Fc%3D',
    ],
    [
      'non-ASCII',
      { ...base, status: 'pending', q: 'Crème brûlée', cursor: null },
      '/agreements?q=Cr%C3%A8me+br%C3%BBl%C3%A9e',
    ],
  ])('links %s', (_name, params, href) => {
    expect(listPageHref(params)).toBe(href);
  });
});

describe('listApiPath', () => {
  it.each<[string, ListParams, number, string]>([
    [
      'the defaults',
      defaultListParams,
      25,
      '/api/agreements?status=pending&sort=closedAt&limit=25',
    ],
    [
      'another status and limit',
      { ...base, status: 'approved', q: '', cursor: null },
      100,
      '/api/agreements?status=approved&sort=closedAt&limit=100',
    ],
    [
      'a search and a cursor',
      { ...base, status: 'pending', q: 'brass lamp', cursor: 'c1.MTIz' },
      25,
      '/api/agreements?status=pending&q=brass+lamp&sort=closedAt&cursor=c1.MTIz&limit=25',
    ],
    [
      'characters that need encoding',
      { ...base, status: 'rejected', q: 'a&limit=1', cursor: 'x&status=approved' },
      25,
      '/api/agreements?status=rejected&q=a%26limit%3D1&sort=closedAt&cursor=x%26status%3Dapproved&limit=25',
    ],
  ])('calls %s', (_name, params, limit, path) => {
    expect(listApiPath(params, limit)).toBe(path);
  });

  it('always sends status, sort and limit, and nothing empty', () => {
    const search = new URLSearchParams(listApiPath(defaultListParams, 25).split('?')[1]);
    expect([...search.keys()]).toEqual(['status', 'sort', 'limit']);
  });
});

describe('listPageHref → readListParams', () => {
  it.each<[string, ListParams]>([
    ['the defaults', defaultListParams],
    ['another status', { ...base, status: 'approved', q: '', cursor: null }],
    ['a search', { ...base, status: 'rejected', q: 'brass lamp', cursor: null }],
    [
      'characters that need encoding',
      { ...base, status: 'pending', q: 'Ming & Co =vase? 50% +', cursor: 'a+b/c=' },
    ],
    ['non-ASCII', { ...base, status: 'approved', q: 'Crème brûlée 🍮', cursor: 'c1.MTIz' }],
    ['the longest search', { ...base, status: 'pending', q: 'z'.repeat(200), cursor: 'c1.OTk5' }],
    ['a sale and a sort', { ...base, sale: 'london-watches-2026', sort: '-amount' }],
    ['a sale with spaces', { ...base, sale: 'Paris & Co 2026', sort: 'amount', q: 'vase' }],
  ])('reads back %s', (_name, params) => {
    const url = new URL(listPageHref(params), 'http://console.test');
    expect(url.pathname).toBe('/agreements');
    expect(readListParams(url.searchParams)).toEqual(params);
  });

  it('reads the API path back to the same parameters', () => {
    const params: ListParams = { ...base, status: 'rejected', q: 'a&b', cursor: 'c1.MTIz' };
    const url = new URL(listApiPath(params, 25), 'http://console.test');
    expect(readListParams(url.searchParams)).toEqual(params);
    expect(url.searchParams.get('limit')).toBe('25');
  });
});

describe('the sale and the sort', () => {
  it.each(['closedAt', '-closedAt', 'amount', '-amount'] as const)('reads sort=%s', (sort) => {
    expect(read(`sort=${encodeURIComponent(sort)}`).sort).toBe(sort);
  });

  it('reads a sale trimmed, cut at 100 characters', () => {
    expect(read('sale=%20paris-2026%20').sale).toBe('paris-2026');
    expect(read(`sale=${'s'.repeat(150)}`).sale).toBe('s'.repeat(100));
  });

  it('leaves the default sort out of the page link, keeps another', () => {
    expect(listPageHref({ ...base, sale: 'paris-2026' })).toBe('/agreements?sale=paris-2026');
    expect(listPageHref({ ...base, sort: '-amount' })).toBe('/agreements?sort=-amount');
  });

  it('exports what the filter shows, from its first row', () => {
    expect(
      exportHref({ status: 'approved', q: 'lamp', sale: 'paris', sort: 'amount', cursor: 'c1.x' }),
    ).toBe('/api/agreements/export?status=approved&sale=paris&q=lamp&sort=amount');
  });

  it('exports the same rows for Excel with format=xlsx', () => {
    expect(
      exportHref(
        { status: 'approved', q: 'lamp', sale: 'paris', sort: 'amount', cursor: null },
        'xlsx',
      ),
    ).toBe('/api/agreements/export?status=approved&sale=paris&q=lamp&sort=amount&format=xlsx');
  });
});
