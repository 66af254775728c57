import { getDefaultNormalizer, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { DecisionDialog } from './decision-dialog';

// jsdom 26 has HTMLDialogElement but neither showModal nor close: a minimal stand-in that opens
// by the `open` attribute (jsdom's stylesheet hides `dialog:not([open])`) and fires `close`.
const dialogPrototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
const nativeShowModal = dialogPrototype.showModal;
const nativeClose = dialogPrototype.close;

beforeAll(() => {
  dialogPrototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialogPrototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterAll(() => {
  dialogPrototype.showModal = nativeShowModal;
  dialogPrototype.close = nativeClose;
});

// The summary line the tests read is built from these four fields.
const agreement = agreementFixture({
  lotTitle: 'Brass lamp',
  buyer: 'Ada Buyer',
  amount: 1234500,
  currency: 'EUR',
});

function renderDialog(
  decision: Decision | 'reopen',
  {
    locale = 'en',
    initialReason,
    shown = agreement,
    canReopen = false,
  }: {
    locale?: 'en' | 'fr';
    initialReason?: string;
    shown?: Agreement | { count: number; leftOut?: number; firstApprovalsOnly?: boolean };
    /** The viewer's role may reopen a decided agreement (a supervisor or an admin). */
    canReopen?: boolean;
  } = {},
) {
  const onConfirm = jest.fn<void, [string | null]>();
  const onCancel = jest.fn<void, []>();
  const user = userEvent.setup();
  const view = render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
      <DecisionDialog
        subject={shown}
        decision={decision}
        canReopen={canReopen}
        initialReason={initialReason}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </NextIntlClientProvider>,
  );
  return { ...view, user, onConfirm, onCancel };
}

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
