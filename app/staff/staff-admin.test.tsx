import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { ApiError } from '@/lib/api/api-error';
import type { StaffAccount } from '@/lib/staff/staff-account';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import en from '@/messages/en.json';
import { StaffAdmin } from './staff-admin';

// The screen's calls to the server, answered here as the API would.
const mockApi = {
  fetchStaff: jest.fn(),
  addStaff: jest.fn(),
  updateStaff: jest.fn(),
  resetStaffPassword: jest.fn(),
  endStaffSessions: jest.fn(),
  reauthenticate: jest.fn(),
};
jest.mock('@/lib/staff/staff-api', () => ({
  fetchStaff: (...args: unknown[]) => mockApi.fetchStaff(...args),
  addStaff: (...args: unknown[]) => mockApi.addStaff(...args),
  updateStaff: (...args: unknown[]) => mockApi.updateStaff(...args),
  resetStaffPassword: (...args: unknown[]) => mockApi.resetStaffPassword(...args),
  endStaffSessions: (...args: unknown[]) => mockApi.endStaffSessions(...args),
}));
jest.mock('@/lib/account/account-api', () => ({
  reauthenticate: (...args: unknown[]) => mockApi.reauthenticate(...args),
}));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
  usePathname: () => '/staff',
  useSearchParams: () => new URLSearchParams(),
}));

// jsdom has neither the dialog's showModal and close nor matchMedia (fakeViewport: a desktop).
const dialogPrototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
const viewport = fakeViewport();
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
  delete dialogPrototype.showModal;
  delete dialogPrototype.close;
});

const account = (loginId: string, changes: Partial<StaffAccount> = {}): StaffAccount => ({
  loginId,
  displayName: `${loginId[0]!.toUpperCase()}${loginId.slice(1)} Staff`,
  role: 'clerk',
  status: 'enabled',
  lastSignInAt: '2026-03-01T09:30:00.000Z',
  openSessions: 2,
  mustChangePassword: false,
  ...changes,
});
const ada = account('ada', { role: 'admin' });
const sam = account('sam');
const reauthRequired = () => new ApiError('reauth_required', 'Again', { status: 401 });

beforeEach(() => {
  viewport.setMobile(false);
  for (const mock of Object.values(mockApi)) mock.mockReset();
  mockApi.fetchStaff.mockResolvedValue([ada, sam]);
  mockApi.reauthenticate.mockResolvedValue(null);
});

/** The screen as ada, an admin, sees it, once `until` is shown (its accounts, by default). */
async function renderStaff({ until = '2 accounts' as string | RegExp } = {}) {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <StaffAdmin viewerLoginId="ada" />
    </NextIntlClientProvider>,
  );
  await screen.findByText(until);
  return { user };
}

const rowOf = (loginId: string) => screen.getByRole('rowheader', { name: loginId }).closest('tr')!;
const status = () => document.querySelector<HTMLElement>('.staff-admin__status')!;

describe('StaffAdmin: the accounts', () => {
  it('lists each account; the admin’s own row has no actions', async () => {
    await renderStaff();
    const row = within(rowOf('sam'));
    expect(row.getByText('Sam Staff')).toBeVisible();
    expect(row.getByRole('combobox', { name: 'Role of sam' })).toHaveValue('clerk');
    expect(row.getByText('Enabled')).toBeVisible();
    expect(row.getByText('Mar 1, 2026, 9:30 AM')).toBeVisible();
    expect(row.getByText('2 sessions')).toBeVisible();
    expect(row.getByRole('button', { name: 'Disable sam' })).toBeVisible();
    const own = within(rowOf('ada'));
    expect(own.queryByRole('button')).toBeNull();
    expect(own.queryByRole('combobox')).toBeNull();
    expect(own.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('on a phone: cards, no table', async () => {
    viewport.setMobile(true);
    await renderStaff();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sam Staff sam' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reset password of sam' })).toBeVisible();
  });

  it('a list that failed to load says why, and loads again', async () => {
    mockApi.fetchStaff.mockRejectedValueOnce(new ApiError('network', 'down'));
    const { user } = await renderStaff({ until: /could not be loaded/ });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The accounts could not be loaded: the network connection failed.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 accounts')).toBeVisible();
  });
});

describe('StaffAdmin: actions', () => {
  it('disabling asks first, then updates the row and keeps the focus on its button', async () => {
    const { user } = await renderStaff();
    mockApi.updateStaff.mockResolvedValue({ ...sam, status: 'disabled', openSessions: 0 });
    await user.click(within(rowOf('sam')).getByRole('button', { name: 'Disable sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable sam?' });
    expect(mockApi.updateStaff).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(mockApi.updateStaff).toHaveBeenCalledWith('sam', { status: 'disabled' });
    const enable = await within(rowOf('sam')).findByRole('button', { name: 'Enable sam' });
    expect(within(rowOf('sam')).getByText('Disabled')).toBeVisible();
    expect(within(rowOf('sam')).getByText('None')).toBeVisible();
    expect(status()).toHaveTextContent('sam is disabled.');
    expect(enable).toHaveFocus();
  });

  it('a reauth_required asks for the password, then sends the same change again', async () => {
    const { user } = await renderStaff();
    mockApi.updateStaff
      .mockRejectedValueOnce(reauthRequired())
      .mockResolvedValueOnce({ ...sam, role: 'supervisor' });
    await user.selectOptions(
      within(rowOf('sam')).getByRole('combobox', { name: 'Role of sam' }),
      'supervisor',
    );
    await user.click(within(rowOf('sam')).getByRole('button', { name: 'Save role of sam' }));

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    mockApi.reauthenticate.mockRejectedValueOnce(
      new ApiError('invalid_credentials', 'No', { status: 401 }),
    );
    await user.type(within(prompt).getByLabelText('Your password'), 'wrong{Enter}');
    expect(await within(prompt).findByText('That password is not right. Try again.')).toBeVisible();
    expect(within(prompt).getByLabelText('Your password')).toHaveFocus();
    expect(mockApi.updateStaff).toHaveBeenCalledTimes(1);

    await user.clear(within(prompt).getByLabelText('Your password'));
    await user.type(within(prompt).getByLabelText('Your password'), 'right-one{Enter}');
    expect(await within(status()).findByText('sam is now Supervisor.')).toBeVisible();
    expect(mockApi.reauthenticate.mock.calls).toEqual([['wrong'], ['right-one']]);
    expect(mockApi.updateStaff.mock.calls).toEqual([
      ['sam', { role: 'supervisor' }],
      ['sam', { role: 'supervisor' }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The Save button is gone with the change: the focus is back on the role.
    expect(within(rowOf('sam')).getByRole('combobox', { name: 'Role of sam' })).toHaveFocus();
  });

  it('closing the password prompt sends nothing more and says nothing went wrong', async () => {
    const { user } = await renderStaff();
    mockApi.endStaffSessions.mockRejectedValueOnce(reauthRequired());
    await user.click(within(rowOf('sam')).getByRole('button', { name: 'End sessions of sam' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'End the sessions of sam?' })).getByRole('button', {
        name: 'End sessions',
      }),
    );
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockApi.endStaffSessions).toHaveBeenCalledTimes(1);
    expect(within(rowOf('sam')).getByText('2 sessions')).toBeVisible();
  });

  it('a refusal is said with its reason, and Try again sends it again', async () => {
    const { user } = await renderStaff();
    mockApi.updateStaff
      .mockRejectedValueOnce(new ApiError('last_admin', 'Keep one', { status: 409 }))
      .mockResolvedValueOnce({ ...sam, status: 'disabled' });
    await user.click(within(rowOf('sam')).getByRole('button', { name: 'Disable sam' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'sam was not disabled: at least one enabled admin must remain.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mockApi.updateStaff).toHaveBeenCalledTimes(2);
    expect(await within(status()).findByText('sam is disabled.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(rowOf('sam')).getByRole('button', { name: 'Enable sam' })).toHaveFocus();
  });

  it('a reset shows the temporary password once, to copy; Done hides it for good', async () => {
    const { user } = await renderStaff();
    mockApi.resetStaffPassword.mockResolvedValue('Kite-Lemon-42');
    await user.click(within(rowOf('sam')).getByRole('button', { name: 'Reset password of sam' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset the password of sam?' })).getByRole(
        'button',
        { name: 'Reset password' },
      ),
    );
    const shown = await screen.findByRole('dialog', { name: 'Temporary password for sam' });
    expect(within(shown).getByLabelText('Temporary password')).toHaveValue('Kite-Lemon-42');
    expect(within(shown).getByText(/shown only this once/)).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Kite-Lemon-42');
    expect(within(shown).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    // The row: a temporary password now, and no session left.
    expect(within(rowOf('sam')).getByText('Temporary password')).toBeVisible();
    expect(within(rowOf('sam')).getByText('None')).toBeVisible();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveTextContent('Kite-Lemon-42');
    expect(
      within(rowOf('sam')).getByRole('button', { name: 'Reset password of sam' }),
    ).toHaveFocus();
  });
});

describe('StaffAdmin: adding an account', () => {
  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Login id'), 'kim');
    await user.type(screen.getByLabelText('Name'), 'Kim Lee');
    await user.selectOptions(screen.getByLabelText('Role'), 'supervisor');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
  }

  it('adds it to the list and shows its temporary password', async () => {
    const { user } = await renderStaff();
    const kim = account('kim', { displayName: 'Kim Lee', role: 'supervisor', lastSignInAt: null });
    mockApi.addStaff.mockResolvedValue({ account: kim, temporaryPassword: 'Moss-Tide-17' });
    await fillIn(user);
    expect(mockApi.addStaff).toHaveBeenCalledWith({
      loginId: 'kim',
      displayName: 'Kim Lee',
      role: 'supervisor',
    });
    const shown = await screen.findByRole('dialog', { name: 'Temporary password for kim' });
    expect(within(shown).getByLabelText('Temporary password')).toHaveValue('Moss-Tide-17');
    expect(within(rowOf('kim')).getByText('Never')).toBeVisible();
    expect(screen.getByText('3 accounts')).toBeVisible();
    expect(screen.getByLabelText('Login id')).toHaveValue('');
  });

  it('a login id taken is said by its field', async () => {
    const { user } = await renderStaff();
    mockApi.addStaff.mockRejectedValue(new ApiError('conflict', 'Taken', { status: 409 }));
    await fillIn(user);
    const field = screen.getByLabelText('Login id');
    expect(await screen.findByText('This login id is taken: choose another one.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('empty fields are said before anything is sent', async () => {
    const { user } = await renderStaff();
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(screen.getByText('Enter a login id.')).toBeVisible();
    expect(screen.getByText('Enter a name.')).toBeVisible();
    expect(screen.getByLabelText('Login id')).toHaveFocus();
    expect(mockApi.addStaff).not.toHaveBeenCalled();
  });

  it('adding asks for the password when the server wants it, then adds', async () => {
    const { user } = await renderStaff();
    const kim = account('kim', { displayName: 'Kim Lee', role: 'supervisor' });
    mockApi.addStaff
      .mockRejectedValueOnce(reauthRequired())
      .mockResolvedValueOnce({ account: kim, temporaryPassword: 'Moss-Tide-17' });
    await fillIn(user);
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(prompt).getByLabelText('Your password'), 'right-one{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Temporary password for kim' })).toBeVisible();
    expect(mockApi.addStaff).toHaveBeenCalledTimes(2);
  });
});
