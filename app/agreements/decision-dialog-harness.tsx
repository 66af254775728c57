// Shared by the decision dialog's tests: a stand-in for the modal dialog jsdom lacks, and the
// dialog rendered in en or fr for an agreement, a reopening or a bulk decision.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { DecisionDialog } from './decision-dialog';

// jsdom 26 has HTMLDialogElement but neither showModal nor close: a minimal stand-in that opens
// by the `open` attribute (jsdom's stylesheet hides `dialog:not([open])`) and fires `close`.
// Installs it for the test file (registers hooks): call at the file's top level.
export function standInForDialog() {
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
}

// The summary line the tests read is built from these four fields.
export const agreement = agreementFixture({
  lotTitle: 'Brass lamp',
  buyer: 'Ada Buyer',
  amount: 1234500,
  currency: 'EUR',
});

export function renderDialog(
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
