import { agreementFixture } from './testing/agreement-fixture';
import { isDecidable, isSettledRow } from './row-state';

describe('row state', () => {
  const pending = agreementFixture({ status: 'pending' });
  const approved = agreementFixture({ status: 'approved' });
  const none = { saving: {}, changedElsewhere: new Set<string>() };

  test.each([
    ['a pending row', pending, none, true, true],
    ['a decided row', approved, none, true, false],
    [
      'a row being saved',
      pending,
      { ...none, saving: { [pending.id]: 'approve' as const } },
      false,
      false,
    ],
    [
      'a row changed elsewhere',
      pending,
      { ...none, changedElsewhere: new Set([pending.id]) },
      false,
      false,
    ],
    [
      'another row being saved',
      pending,
      { ...none, saving: { other: 'reject' as const } },
      true,
      true,
    ],
  ])('%s: settled %p, decidable %p', (_, agreement, context, settled, decidable) => {
    expect(isSettledRow(agreement, context)).toBe(settled);
    expect(isDecidable(agreement, context)).toBe(decidable);
  });
});
