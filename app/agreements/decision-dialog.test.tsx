// The decision dialog's two decisions: a rejection's required reason, an approval's optional note,
// each checked, trimmed and confirmed.
import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import { renderDialog, standInForDialog } from './decision-dialog-harness';

standInForDialog();

describe('DecisionDialog: reject', () => {
  it('opens as a modal named for the rejection, with the reason field focused', () => {
    renderDialog('reject');
    const dialog = screen.getByRole('dialog', { name: 'Reject this agreement?' });
    expect(dialog).toHaveAttribute('open');
    const reason = within(dialog).getByLabelText('Reason for rejecting');
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    expect(reason).toHaveAccessibleDescription('3 to 500 characters; kept in the decision log.');
    expect(reason).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['no reason', ''],
    ['a reason of two characters', 'ab'],
    ['two characters among spaces', '  ab  '],
  ])('with %s shows the error, focuses the field and does not confirm', async (_name, typed) => {
    const { user, onConfirm, onCancel } = renderDialog('reject');
    const reason = screen.getByLabelText('Reason for rejecting');
    if (typed) await user.type(reason, typed);
    expect(screen.queryByText('Give a reason of at least 3 characters.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));

    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      'Give a reason of at least 3 characters. 3 to 500 characters; kept in the decision log.',
    );
    expect(reason).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('with a reason past 500 characters says it is too long and does not confirm', async () => {
    const { user, onConfirm } = renderDialog('reject');
    const reason = screen.getByLabelText('Reason for rejecting');
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('At most 500 characters.')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with the reason trimmed', async () => {
    const { user, onConfirm } = renderDialog('reject');
    await user.type(screen.getByLabelText('Reason for rejecting'), '  Buyer withdrew the bid  ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith('Buyer withdrew the bid');
  });

  it('confirms after the error once the reason is fixed, and the error goes', async () => {
    const { user, onConfirm } = renderDialog('reject');
    const reason = screen.getByLabelText('Reason for rejecting');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await user.type(reason, 'abc');
    expect(screen.queryByText('Give a reason of at least 3 characters.')).not.toBeInTheDocument();
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledWith('abc');
  });

  it('Enter on Reject confirms the reason typed before (initialReason)', async () => {
    const { user, onConfirm } = renderDialog('reject', { initialReason: 'Duplicate lot' });
    expect(screen.getByLabelText('Reason for rejecting')).toHaveValue('Duplicate lot');
    screen.getByRole('button', { name: 'Reject' }).focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Duplicate lot');
  });
});

describe('DecisionDialog: approve', () => {
  it('opens as a modal named for the approval, with the note focused (Enter alone never confirms)', () => {
    renderDialog('approve');
    const dialog = screen.getByRole('dialog', { name: 'Approve this agreement?' });
    const note = within(dialog).getByLabelText('Note (optional)');
    expect(note).not.toBeRequired();
    expect(note).toHaveFocus();
  });

  // Only a supervisor or an admin may reopen a decided agreement: each is told what is true.
  it.each([
    [
      'en',
      false,
      'The sale goes ahead. Only a supervisor or an admin can reopen the agreement afterwards.',
    ],
    [
      'en',
      true,
      'The sale goes ahead. You can reopen the agreement afterwards: it goes back to pending, and the log keeps this approval.',
    ],
    [
      'fr',
      false,
      'La vente est confirmée. Seul un superviseur ou un administrateur pourra ensuite rouvrir l’accord.',
    ],
    [
      'fr',
      true,
      'La vente est confirmée. Vous pourrez ensuite rouvrir l’accord\u00a0: il repassera en attente, et l’historique gardera cette approbation.',
    ],
  ] as const)(
    'in %s, a viewer who may reopen (%s) is told whether it can be undone',
    (locale, canReopen, text) => {
      renderDialog('approve', { locale, canReopen });
      const dialog = screen.getByRole('dialog');
      // fr puts a no-break space before a colon: compared as it is.
      const normalizer = getDefaultNormalizer({ collapseWhitespace: false });
      expect(within(dialog).getByText(text, { normalizer })).toBeVisible();
      expect(dialog).not.toHaveTextContent(/cannot be undone|ne peut pas être annulée/);
    },
  );

  it.each([
    ['Enter adds a line', '{Enter}', 0],
    ['Ctrl+Enter confirms', '{Control>}{Enter}{/Control}', 1],
  ])('in the note, %s', async (_name, keys, confirmations) => {
    const { user, onConfirm } = renderDialog('approve');
    await user.keyboard(keys);
    expect(onConfirm).toHaveBeenCalledTimes(confirmations);
  });

  it.each([
    ['an empty note', null, ''],
    ['a note of spaces', null, '   '],
    ['a short note', 'ok', 'ok'],
    ['a padded note', 'Invoice checked', '  Invoice checked '],
  ])('with %s confirms with %j', async (_name, expected, typed) => {
    const { user, onConfirm } = renderDialog('approve');
    if (typed) await user.type(screen.getByLabelText('Note (optional)'), typed);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(expected);
  });

  it('with a note past 500 characters says it is too long and does not confirm', async () => {
    const { user, onConfirm } = renderDialog('approve');
    await user.click(screen.getByLabelText('Note (optional)'));
    await user.paste('y'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByText('At most 500 characters.')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
