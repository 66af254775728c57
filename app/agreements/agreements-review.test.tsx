import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { Agreement, AgreementList, AgreementStatus } from '@/lib/agreements/agreement';
import { defaultListParams } from '@/lib/agreements/list-params';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import type { Viewer } from '@/lib/agreements/use-agreement-review';
import en from '@/messages/en.json';
import { AgreementsReview } from './agreements-review';

// The screen's calls to the server, answered here as the API would; the quiet check never answers.
const mockApi = {
  sendBulkDecision: jest.fn(),
  sendReopen: jest.fn(),
};
jest.mock('@/lib/agreements/agreements-api', () => ({
  fetchAgreementPage: () => new Promise(() => {}),
  fetchAgreementHistory: () => new Promise(() => {}),
  sendDecision: () => new Promise(() => {}),
  sendBulkDecision: (...args: unknown[]) => mockApi.sendBulkDecision(...args),
  sendReopen: (...args: unknown[]) => mockApi.sendReopen(...args),
}));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));

// jsdom has neither matchMedia (a wide screen: the table) nor the dialog's showModal and close.
const dialogPrototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  });
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
  delete dialogPrototype.showModal;
  delete dialogPrototype.close;
});
beforeEach(() => {
  mockApi.sendBulkDecision.mockReset();
  mockApi.sendReopen.mockReset();
});

const supervisor: Viewer = { loginId: 'sue', displayName: 'Sue Grant', role: 'supervisor' };

const rows = (count: number, status: AgreementStatus = 'pending'): Agreement[] =>
  Array.from({ length: count }, (_, index) =>
    agreementFixture({
      id: `agreement-${index}`,
      lotTitle: `Lot ${index}`,
      status,
      ...(status === 'pending'
        ? {}
        : {
            decidedAt: '2026-03-01T11:00:00.000Z',
            decidedBy: 'ada',
            decidedByName: 'Ada Admin',
            reason: 'Paddle misread',
          }),
    }),
  );

function renderReview(page: AgreementList, status: AgreementStatus = 'pending') {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <AgreementsReview
        viewer={supervisor}
        params={{ ...defaultListParams, status }}
        page={page}
        sales={[]}
      />
    </NextIntlClientProvider>,
  );
  return { user };
}

const totalLine = () => document.querySelector('.agreements__total');
/** The page's count, told to screen readers. */
const pageInfo = () => screen.getByText(/agreements? on this page$/);

describe('AgreementsReview: the counts after a decision here', () => {
  it('after a bulk decision, the filter’s total and the page’s count agree', async () => {
    const items = rows(24);
    const { user } = renderReview({ items, nextCursor: null, total: 24 });
    expect(totalLine()).toHaveTextContent('24 agreements match');
    expect(pageInfo()).toHaveTextContent('24 agreements on this page');

    const decided = items.slice(0, 3);
    mockApi.sendBulkDecision.mockResolvedValue(
      decided.map((agreement) => ({
        id: agreement.id,
        status: 200,
        agreement: { ...agreement, status: 'approved', version: agreement.version + 1 },
      })),
    );
    for (const agreement of decided)
      await user.click(
        screen.getByRole('checkbox', { name: `Select ${agreement.lotTitle} (${agreement.buyer})` }),
      );
    await user.click(screen.getByRole('button', { name: 'Approve 3 selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 3 agreements?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('3 decisions sent: 3 approved.')).toBeVisible();

    // The decided rows stay in view, with their outcome: the line says why they are counted out.
    expect(screen.getAllByText('Approved', { selector: '.status-badge' })).toHaveLength(3);
    expect(totalLine()).toHaveTextContent(
      '21 other agreements match: the 3 shown here were decided and no longer do.',
    );
    expect(pageInfo()).toHaveTextContent('21 agreements on this page');
  });

  it('reopening the only row of the Rejected filter does not say that nothing matches above it', async () => {
    const [rejected] = rows(1, 'rejected');
    const { user } = renderReview({ items: [rejected!], nextCursor: null, total: 1 }, 'rejected');
    mockApi.sendReopen.mockResolvedValue({
      outcome: 'decided',
      agreement: {
        ...rejected!,
        status: 'pending',
        version: rejected!.version + 1,
        decidedAt: null,
        decidedBy: null,
        decidedByName: null,
        reason: null,
      },
    });
    await user.click(screen.getByRole('button', { name: /^Reopen/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen this agreement?' });
    await user.type(within(dialog).getByLabelText('Reason for reopening'), 'Paddle misread');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText(/Reopened: Lot 0 is pending again/)).toBeVisible();

    const row = document.querySelector(`[data-agreement-id="${rejected!.id}"]`);
    expect(row).toBeVisible();
    expect(totalLine()).not.toHaveTextContent(/^No agreement matches$/);
    expect(totalLine()).toHaveTextContent(
      'No other agreement matches: the one shown here was reopened and no longer does.',
    );
  });
});
