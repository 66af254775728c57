// The decision dialog: cancelled or closed, the summary of what is decided in each locale and
// currency, a reopening, a first of two approvals and a bulk decision.
import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import { agreement, renderDialog, standInForDialog } from './decision-dialog-harness';

standInForDialog();

describe('DecisionDialog: cancel and summary', () => {
  it.each(['approve', 'reject'] as const)('%s: Cancel calls onCancel only', async (decision) => {
    const { user, onConfirm, onCancel } = renderDialog(decision);
    await user.type(
      screen.getByLabelText(decision === 'reject' ? 'Reason for rejecting' : 'Note (optional)'),
      'Some text',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('the dialog closing itself (Escape in a browser) calls onCancel', () => {
    const { onCancel } = renderDialog('reject');
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('unmounting closes the dialog without calling onCancel', () => {
    const { unmount, onCancel } = renderDialog('approve');
    const dialog = screen.getByRole('dialog');
    unmount();
    expect(dialog).not.toHaveAttribute('open');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it.each(['approve', 'reject'] as const)(
    '%s: shows lot, buyer and the formatted amount',
    (decision) => {
      renderDialog(decision);
      expect(
        within(screen.getByRole('dialog')).getByText(
          'Brass lamp, sold to Ada Buyer for €12,345.00.',
        ),
      ).toBeVisible();
    },
  );

  it.each([
    [99, 'EUR', '€0.99'],
    [1234500, 'USD', '$12,345.00'],
    [50000, 'JPY', '¥50,000'],
    [1234, 'BHD', 'BHD 1.234'],
  ])('formats %d in %s as %s', (amount, currency, formatted) => {
    renderDialog('approve', { shown: { ...agreement, amount, currency } });
    expect(screen.getByText(`Brass lamp, sold to Ada Buyer for ${formatted}.`)).toBeVisible();
  });

  it('speaks French with the fr messages', () => {
    renderDialog('reject', { locale: 'fr' });
    expect(screen.getByRole('dialog', { name: 'Rejeter cet accord\u202f?' })).toBeVisible();
    // fr groups with a narrow no-break space and puts the sign after a no-break space.
    expect(
      screen.getByText('Brass lamp, adjugé à Ada Buyer pour 12\u202f345,00\u00a0€.', {
        normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rejeter' })).toBeVisible();
  });
});

describe('DecisionDialog: reopen, four-eyes and bulk', () => {
  it('a reopening needs a reason: nothing is confirmed without one', async () => {
    const { user, onConfirm } = renderDialog('reopen', {
      shown: { ...agreement, status: 'approved' },
    });
    const dialog = screen.getByRole('dialog', { name: 'Reopen this agreement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason for reopening'), 'Paddle misread');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(onConfirm).toHaveBeenCalledWith('Paddle misread');
  });

  it('says when an approval is the first of two', () => {
    renderDialog('approve', { shown: { ...agreement, requiredApprovals: 2, approvals: [] } });
    expect(screen.getByText(/needs two approvals: yours is the first/)).toBeVisible();
  });

  it('names how many agreements a bulk decision covers, in French too', () => {
    renderDialog('reject', { shown: { count: 12 }, locale: 'fr' });
    expect(screen.getByRole('dialog', { name: 'Rejeter 12 accords\u202f?' })).toBeVisible();
    expect(screen.getByText(/12 accords sélectionnés, chacun décidé séparément/)).toBeVisible();
  });

  it('a bulk approval says which selected rows it leaves out, and a clerk gives first approvals only', () => {
    renderDialog('approve', { shown: { count: 5, leftOut: 5, firstApprovalsOnly: true } });
    expect(screen.getByTestId('bulk-left-out')).toHaveTextContent(
      '5 selected agreements are left out: they wait for an approval you cannot give',
    );
    expect(screen.getByText(/get this one as their first; a supervisor or an admin/)).toBeVisible();
    expect(screen.queryByText(/first or second/)).toBeNull();
  });

  it('a bulk approval that leaves nothing out says nothing of it', () => {
    renderDialog('approve', { shown: { count: 5, leftOut: 0 } });
    expect(screen.queryByTestId('bulk-left-out')).toBeNull();
    expect(screen.getByText(/as their first or second/)).toBeVisible();
  });
});
