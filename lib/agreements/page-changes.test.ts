/** @jest-environment node */
import type { Agreement } from './agreement';
import { pageChanges } from './page-changes';
import { agreementFixture } from './testing/agreement-fixture';

// pageChanges reads only the id and the status of a row.
const row = (id: string, status: Agreement['status'] = 'pending'): Agreement =>
  agreementFixture({ id, status });

const page = (...items: Agreement[]) => ({ items, nextCursor: null });

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
    ['an empty page', [], {}, page(), [], 0],
  ])('%s', (_name, shown, saving, fresh, changedElsewhere, added) => {
    expect(pageChanges(shown, saving, fresh, 'pending')).toEqual({ changedElsewhere, added });
  });

  it('compares with the status the list shows', () => {
    expect(pageChanges([row('a', 'approved')], {}, page(), 'approved')).toEqual({
      changedElsewhere: ['a'],
      added: 0,
    });
  });
});
