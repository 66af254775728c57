import {
  activityApiPath,
  activityExportPath,
  activityPageHref,
  isCalendarDay,
  noActivityFilters,
  readActivityFilters,
} from './activity-filters';

const read = (query: string) => readActivityFilters(new URLSearchParams(query));

describe('readActivityFilters', () => {
  it('reads every filter', () => {
    expect(read('person=sam&kind=staff_disabled&from=2026-03-01&to=2026-03-31')).toEqual({
      person: 'sam',
      kind: 'staff_disabled',
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('nothing is no filter', () => {
    expect(read('')).toEqual(noActivityFilters);
  });

  it.each([
    ['an unknown kind', 'kind=sign-in', { kind: '' }],
    ['a day that does not exist', 'from=2026-02-30', { from: '' }],
    ['a date written otherwise', 'to=01/03/2026', { to: '' }],
    ['a login id as typed', 'person=%20Sam%09', { person: 'sam' }],
  ])('%s is left out or cleaned', (_name, query, expected) => {
    expect(read(query)).toEqual({ ...noActivityFilters, ...expected });
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2026-03-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('the paths', () => {
  const filters = { person: 'sam', kind: 'sign_in' as const, from: '2026-03-01', to: '' };

  it('the page keeps the filters set, and only those', () => {
    expect(activityPageHref(filters)).toBe('/activity?person=sam&kind=sign_in&from=2026-03-01');
    expect(activityPageHref(noActivityFilters)).toBe('/activity');
  });

  it('the API call adds the cursor and the page size', () => {
    expect(activityApiPath(filters, null)).toBe(
      '/api/activity?person=sam&kind=sign_in&from=2026-03-01&limit=50',
    );
    expect(activityApiPath(noActivityFilters, 'c/2')).toBe('/api/activity?cursor=c%2F2&limit=50');
  });

  it('the export is the same filters as CSV', () => {
    expect(activityExportPath(filters)).toBe(
      '/api/activity?person=sam&kind=sign_in&from=2026-03-01&format=csv',
    );
  });
});
