/** @jest-environment node */
import type { Agreement } from './agreement';
import { pageChanges, shownCounts } from './page-changes';
import { agreementFixture } from './testing/agreement-fixture';

// pageChanges reads only the id and the status of a row.
const row = (id: string, status: Agreement['status'] = 'pending'): Agreement =>
  agreementFixture({ id, status });

// A single page: the filter's total is what it holds.
const page = (...items: Agreement[]) => ({ items, nextCursor: null, total: items.length });

describe('pageChanges', () => {
  it.each([
    ['nothing changed', [row('a'), row('b')], {}, page(row('a'), row('b')), [], 0],
    ['one decided elsewhere', [row('a'), row('b')], {}, page(row('b')), ['a'], 0],
    ['one new at the end', [row('a')], {}, page(row('a'), row('c')), [], 1],
    ['decided elsewhere and new', [row('a'), row('b')], {}, page(row('b'), row('c')), ['a'], 1],
    ['decided here: not counted', [row('a', 'approved'), row('b')], {}, page(row('b')), [], 0],
    [
      'being saved here: not counted',
      [row('a'), row('b')],
      { a: 'approve' },
      page(row('b')),
      [],
      0,
    ],
    [
      'shown decided while its save is under way, the server not there yet: nothing new',
      [row('a', 'approved'), row('b')],
      { a: 'approve' },
      page(row('a'), row('b')),
      [],
      0,
    ],
    ['an empty page', [], {}, page(), [], 0],
  ])('%s', (_name, shown, saving, fresh, changedElsewhere, added) => {
    expect(pageChanges(shown, saving, fresh, 'pending', shown.length)).toEqual({
      changedElsewhere,
      added,
    });
  });

  it('compares with the status the list shows', () => {
    expect(pageChanges([row('a', 'approved')], {}, page(), 'approved', 1)).toEqual({
      changedElsewhere: ['a'],
      added: 0,
    });
  });
});

describe('pageChanges: new agreements on other pages', () => {
  // The first page of 30: two rows shown, the rest on later pages.
  const shown = [row('a'), row('b')];
  const fresh = (total: number, ...items: Agreement[]) => ({ items, nextCursor: 'c', total });

  it.each([
    ['two more in the total', fresh(32, row('a'), row('b')), [], 2],
    ['the same total', fresh(30, row('a'), row('b')), [], 0],
    [
      'one decided elsewhere on another page: nothing invented',
      fresh(29, row('a'), row('b')),
      [],
      0,
    ],
    ['one of these decided elsewhere, one new', fresh(30, row('b')), ['a'], 1],
  ])('%s', (_name, answer, changedElsewhere, added) => {
    expect(pageChanges(shown, {}, answer, 'pending', 30)).toEqual({ changedElsewhere, added });
  });

  it.each([
    // The first page of 3 shows 2; the third slides up as one leaves: nothing new came.
    ['one decided elsewhere', [row('a'), row('b')], fresh(2, row('b'), row('c')), ['a']],
    ['one decided here', [row('a', 'approved'), row('b')], fresh(2, row('b'), row('c')), []],
  ])('%s: the row sliding up from the next page is not new', (_name, before, answer, elsewhere) => {
    expect(pageChanges(before, {}, answer, 'pending', 3)).toEqual({
      changedElsewhere: elsewhere,
      added: 0,
    });
  });

  it('a row decided here lowers the total without hiding a new one', () => {
    const decidedHere = [row('a', 'approved'), row('b')];
    expect(pageChanges(decidedHere, {}, fresh(30, row('b')), 'pending', 30)).toEqual({
      changedElsewhere: [],
      added: 1,
    });
  });
});

describe('shownCounts', () => {
  it.each([
    ['nothing decided here', [row('a'), row('b')], 30, { total: 30, onPage: 2, leftHere: 0 }],
    [
      'two decided here: out of the total and of the page, counted apart',
      [row('a', 'approved'), row('b', 'rejected'), row('c')],
      30,
      { total: 28, onPage: 1, leftHere: 2 },
    ],
    // A single page: the total and the page's count agree, whatever was decided.
    [
      'a single page, one decided',
      [row('a', 'approved'), row('b'), row('c')],
      3,
      { total: 2, onPage: 2, leftHere: 1 },
    ],
    // Never below nothing, whatever the page and the total disagree on.
    [
      'a total the page outgrew',
      [row('a', 'approved'), row('b', 'rejected'), row('c')],
      1,
      { total: 0, onPage: 1, leftHere: 2 },
    ],
  ])('%s', (_name, shown, total, counts) => {
    expect(shownCounts(total, shown, 'pending')).toEqual(counts);
  });

  it('counts a row reopened in a decided filter as one that left it', () => {
    expect(shownCounts(1, [row('a', 'pending')], 'rejected')).toEqual({
      total: 0,
      onPage: 0,
      leftHere: 1,
    });
  });
});
