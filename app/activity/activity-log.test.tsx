import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ActivityPage } from '@/lib/activity/activity-api';
import { noActivityFilters, type ActivityFilters } from '@/lib/activity/activity-filters';
import type { ActivityItem } from '@/lib/activity/activity-kinds';
import { ApiError } from '@/lib/api/api-error';
import en from '@/messages/en.json';
import { ActivityLog } from './activity-log';
import { activityKinds } from '@/lib/activity/activity-kinds';

// The log's calls to the server, answered here as the API would, and the router.
const mockFetchPage = jest.fn<Promise<ActivityPage>, [ActivityFilters, string | null]>();
const mockRouter = { push: jest.fn(), replace: jest.fn(), refresh: jest.fn() };
jest.mock('@/lib/activity/activity-api', () => ({
  fetchActivityPage: (filters: ActivityFilters, cursor: string | null) =>
    mockFetchPage(filters, cursor),
}));
jest.mock('next/navigation', () => ({
  useRouter: () => mockRouter,
  usePathname: () => '/activity',
  useSearchParams: () => new URLSearchParams(),
}));

const event = (id: string, changes: Partial<ActivityItem> = {}): ActivityItem => ({
  id,
  at: '2026-03-01T09:30:00.000Z',
  kind: 'sign_in',
  actor: { loginId: 'ada', displayName: 'Ada Admin' },
  subject: null,
  detail: {},
  ...changes,
});

const firstPage: ActivityPage = {
  items: [
    event('3', {
      kind: 'staff_role_changed',
      subject: 'sam',
      detail: { from: 'clerk', to: 'supervisor' },
    }),
    event('2', {
      kind: 'sign_in_failed',
      actor: { loginId: 'nobody', displayName: null },
      detail: { reason: 'unknown' },
    }),
  ],
  nextCursor: 'after-2',
};
const secondPage: ActivityPage = { items: [event('1')], nextCursor: null };

beforeEach(() => {
  mockFetchPage.mockReset();
  mockRouter.push.mockReset();
  mockFetchPage.mockImplementation(async (_filters, cursor) =>
    cursor === null ? firstPage : secondPage,
  );
});

function renderLog(filters: ActivityFilters = noActivityFilters) {
  const user = userEvent.setup();
  const view = render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <ActivityLog filters={filters} />
    </NextIntlClientProvider>,
  );
  const rerender = (next: ActivityFilters) =>
    view.rerender(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <ActivityLog filters={next} />
      </NextIntlClientProvider>,
    );
  return { user, rerender };
}

const events = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('ActivityLog: the events', () => {
  it('newest first: when, who (name and login id) and what, as a sentence', async () => {
    renderLog();
    expect(await screen.findByText('2 events shown')).toBeVisible();
    expect(events()).toEqual([
      'Mar 1, 2026, 9:30 AMAda Admin (ada)changed the role of sam from Clerk to Supervisor',
      'Mar 1, 2026, 9:30 AMnobodyfailed to sign in (unknown login id)',
    ]);
  });

  it('Load more adds the next page and takes the focus to its first event', async () => {
    const { user } = renderLog();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(mockFetchPage).toHaveBeenLastCalledWith(noActivityFilters, 'after-2');
    expect(await screen.findByText('3 events shown')).toBeVisible();
    expect(screen.getAllByRole('listitem')[2]).toHaveFocus();
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a failed page is said, with Try again', async () => {
    mockFetchPage.mockRejectedValueOnce(new ApiError('network', 'down'));
    const { user } = renderLog();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The activity could not be loaded: the network connection failed.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 events shown')).toBeVisible();
  });

  it('nothing matching is said', async () => {
    mockFetchPage.mockResolvedValue({ items: [], nextCursor: null });
    renderLog({ ...noActivityFilters, person: 'nobody' });
    expect(await screen.findByText('No activity matches these filters.')).toBeVisible();
  });

  it('a role that may not read the log (changed since the page came) is told so', async () => {
    mockFetchPage.mockRejectedValue(new ApiError('forbidden', 'No', { status: 403 }));
    renderLog();
    expect(
      await screen.findByRole('heading', {
        name: 'Only supervisors and admins see the activity log',
      }),
    ).toBeVisible();
  });
});

describe('ActivityLog: the filters', () => {
  it('are applied together, into the URL', async () => {
    const { user } = renderLog();
    await screen.findByText('2 events shown');
    await user.type(screen.getByLabelText('Person (login id)'), ' Sam ');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Role changed');
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-03-01');
    expect(mockRouter.push).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(mockRouter.push).toHaveBeenCalledWith(
      '/activity?person=sam&kind=staff_role_changed&from=2026-03-01',
      { scroll: false },
    );
  });

  it('offer every kind by its name', async () => {
    renderLog();
    await screen.findByText('2 events shown');
    const options = within(screen.getByLabelText('Kind')).getAllByRole('option');
    // Every kind, and "All kinds".
    expect(options).toHaveLength(activityKinds.length + 1);
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining([
        'All kinds',
        'Failed sign-in',
        'Password reset',
        'Flag reviewed',
        'Activity log exported',
      ]),
    );
  });

  it('the list and the export follow the filters in the URL', async () => {
    const filters: ActivityFilters = { person: 'sam', kind: 'sign_in', from: '', to: '2026-03-31' };
    const { rerender } = renderLog();
    await screen.findByText('2 events shown');
    rerender(filters);
    expect(mockFetchPage).toHaveBeenLastCalledWith(filters, null);
    expect(await screen.findByText('2 events shown')).toBeVisible();
    expect(screen.getByLabelText('Person (login id)')).toHaveValue('sam');
    expect(screen.getByLabelText('To (UTC day)')).toHaveValue('2026-03-31');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/activity?person=sam&kind=sign_in&to=2026-03-31&format=csv',
    );
  });

  it('Clear filters goes back to everything', async () => {
    const { user } = renderLog({ ...noActivityFilters, kind: 'sign_out' });
    await screen.findByText('2 events shown');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/activity', { scroll: false });
    expect(screen.getByLabelText('Person (login id)')).toHaveFocus();
  });
});
