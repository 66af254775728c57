import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { carsA, flagOnCarsA } from '@/testing/sale-desk/flags-view';
import type { Role } from '@/lib/auth/roles';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import { useState } from 'react';
import { FlagsPanel } from './flags-panel';

const sales = carsA;
const flag = flagOnCarsA;

function renderPanel(
  flags: DeskFlag[],
  locale: 'en' | 'fr' = 'en',
  {
    role = 'clerk',
    onReviewed = () => {},
  }: { role?: Role; onReviewed?: (f: RecordedFlag) => void } = {},
) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <FlagsPanel flags={flags} sales={sales} role={role} onReviewed={onReviewed} />
    </NextIntlClientProvider>,
  );
}

/** A flag as the record answers it, in `state`. */
const recorded = (f: Flag, state: FlagState = 'open'): RecordedFlag => ({
  ...f,
  lotTitle: null,
  bids: [],
  timetoken: '17637192000000001',
  state,
  reviews:
    state === 'open'
      ? []
      : [
          {
            outcome: state,
            note: 'Checked',
            loginId: 'sue',
            displayName: 'Sue Grant',
            reviewedAt: '2026-11-21T10:05:00.000Z',
          },
        ],
});

// The network is the boundary faked here: the review route answers as it would.
const realFetch = globalThis.fetch;
let answer: (body: { outcome: string; note: string }, id: string) => Response;
let sent: { id: string; body: unknown }[] = [];
beforeEach(() => {
  sent = [];
  globalThis.fetch = jest.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    const id = decodeURIComponent(String(path).split('/api/flags/')[1]!.replace('/review', ''));
    const body = JSON.parse(String(init?.body));
    sent.push({ id, body });
    return answer(body, id);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});
// jsdom has no Response: the parts the API client reads.
const json = (status: number, body: unknown) =>
  ({
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(),
    text: async () => JSON.stringify(body),
  }) as unknown as Response;

/** One of a flag's bids as the record keeps it. */
const recordedBid = (n: number, amount: number) => ({
  bidId: `bid-${n}`,
  bidder: 'Paddle 5',
  amount,
  currency: 'EUR',
  placedAt: '2026-11-21T10:00:00.000Z',
});

describe('FlagsPanel', () => {
  it('lists flags with rule, lot number, sale and paddles, and counts per rule', () => {
    renderPanel([flag(2, 'late'), flag(1)]);
    const items = screen.getAllByTestId('flag');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('jump · Lot 7 · Cars A');
    expect(items[1]).toHaveTextContent('Paddles: Paddle 5');
    expect(screen.getByTestId('flag-count-jump')).toHaveTextContent('1');
    expect(screen.getByTestId('flag-count-late')).toHaveTextContent('1');
    expect(screen.getByTestId('flag-count-burst')).toHaveTextContent('0');
  });

  it.each([
    ['en', /2 bids: Paddle 5 €10\.00, Paddle 5 €12\.00 · 10:00:00\sAM/],
    // French sets a space before the colon.
    ['fr', /2 enchères : Paddle 5 10,00\s€, Paddle 5 12,00\s€ · 10:00:00/],
  ] as const)('names the bids that raised a flag, with their amounts, in %s', (locale, text) => {
    const raised = {
      ...flag(1, 'self-raise'),
      bidIds: ['bid-1', 'bid-2'],
      bids: [recordedBid(1, 1_000), recordedBid(2, 1_200)],
    };
    renderPanel([raised], locale);
    expect(screen.getByTestId('flag')).toHaveTextContent(text);
  });

  it('explains its rule in one sentence and links to its lot panel, in en and fr', () => {
    renderPanel([flag(1, 'self-raise')]);
    const item = screen.getByTestId('flag');
    expect(item).toHaveTextContent('The leading paddle raised its own high bid.');
    expect(within(item).getByRole('link', { name: 'Lot panel of Lot 7' })).toHaveAttribute(
      'href',
      '/dash?sale=cars-a&lot=mustang',
    );
    expect(within(item).getByTestId('flag-state')).toHaveTextContent('Open');
  });

  it('says the same in French', () => {
    renderPanel([flag(1, 'late')], 'fr');
    const item = screen.getByTestId('flag');
    expect(item).toHaveTextContent('Une enchère arrivée après la clôture du lot : elle est nulle.');
    expect(within(item).getByTestId('flag-state')).toHaveTextContent('Ouverte');
  });

  it('shows the flags to review by default; the filter shows each state, or all', () => {
    renderPanel([
      recorded(flag(3, 'late'), 'cleared'),
      recorded(flag(2, 'burst'), 'escalated'),
      recorded(flag(1)),
    ]);
    const rules = () => screen.queryAllByTestId('flag').map((item) => item.dataset.rule);
    expect(rules()).toEqual(['burst', 'jump']);
    const filter = screen.getByLabelText('Show');
    fireEvent.change(filter, { target: { value: 'cleared' } });
    expect(rules()).toEqual(['late']);
    expect(screen.getByText(/Cleared by Sue Grant/)).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: 'escalated' } });
    expect(rules()).toEqual(['burst']);
    fireEvent.change(filter, { target: { value: 'all' } });
    expect(rules()).toEqual(['late', 'burst', 'jump']);
    fireEvent.change(filter, { target: { value: 'open' } });
    expect(rules()).toEqual(['jump']);
  });

  it('offers each role only the moves it may make', () => {
    const flags = [recorded(flag(2, 'burst'), 'escalated'), recorded(flag(1))];
    const buttons = () =>
      screen.getAllByTestId('flag').map((item) =>
        within(item)
          .queryAllByRole('button')
          .map((button) => button.textContent),
      );
    const { unmount } = render(<></>);
    unmount();
    renderPanel(flags, 'en', { role: 'clerk' });
    expect(buttons()).toEqual([[], ['Clear', 'Escalate']]);
    document.body.innerHTML = '';
    renderPanel(flags, 'en', { role: 'supervisor' });
    expect(buttons()).toEqual([['Clear'], ['Clear', 'Escalate']]);
  });

  it('escalates with a note: sends it trimmed and hands the answered flag on', async () => {
    const reviewedFlags: RecordedFlag[] = [];
    answer = (body, id) => json(200, { ...recorded({ ...flag(1), id }, 'escalated'), reviews: [] });
    renderPanel([recorded(flag(2, 'late')), recorded(flag(1))], 'en', {
      onReviewed: (f) => reviewedFlags.push(f),
    });
    const jump = screen.getAllByTestId('flag')[1]!;
    fireEvent.click(within(jump).getByRole('button', { name: 'Escalate: jump · Lot 7' }));
    const note = within(jump).getByLabelText('Note (required): what you checked');
    expect(note).toHaveFocus();
    const submit = within(jump).getByRole('button', { name: 'Escalate the flag' });
    expect(submit).toBeDisabled();
    fireEvent.change(note, { target: { value: '  Paddle 5 twice in a row  ' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(sent).toEqual([
      { id: flag(1).id, body: { outcome: 'escalated', note: 'Paddle 5 twice in a row' } },
    ]);
    await waitFor(() => expect(reviewedFlags.map((f) => f.state)).toEqual(['escalated']));
  });

  it('a review someone else made first: says so, hands the flag as it is on', async () => {
    const reviewedFlags: RecordedFlag[] = [];
    answer = () =>
      json(409, {
        error: { code: 'conflict', message: 'reviewed first' },
        flag: recorded(flag(1), 'cleared'),
      });
    renderPanel([recorded(flag(1))], 'en', { onReviewed: (f) => reviewedFlags.push(f) });
    fireEvent.click(screen.getByRole('button', { name: 'Clear: jump · Lot 7' }));
    fireEvent.change(screen.getByLabelText('Note (required): what you checked'), {
      target: { value: 'ok' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear the flag' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone reviewed this flag first: it is now cleared.',
    );
    expect(reviewedFlags.map((f) => f.state)).toEqual(['cleared']);
  });

  it('a failed review keeps the note, says why in French, and sends again', async () => {
    let calls = 0;
    answer = () => {
      calls += 1;
      return calls === 1
        ? json(503, { error: { code: 'unavailable', message: 'down' } })
        : json(200, recorded(flag(1), 'cleared'));
    };
    const reviewedFlags: RecordedFlag[] = [];
    renderPanel([recorded(flag(1))], 'fr', { onReviewed: (f) => reviewedFlags.push(f) });
    fireEvent.click(screen.getByRole('button', { name: /^Lever/ }));
    const note = screen.getByLabelText('Note (obligatoire) : ce que vous avez vérifié');
    fireEvent.change(note, { target: { value: 'Vérifié' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Lever l’alerte' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/L’examen n’a pas été enregistré/);
    expect(note).toHaveValue('Vérifié');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Lever l’alerte' }));
    });
    await waitFor(() => expect(reviewedFlags).toHaveLength(1));
    expect(calls).toBe(2);
  });

  /** The panel with a desk behind it: a reviewed flag replaces its older self, as the store does. */
  /** The announcement on the staff channel: the desk shows a review before its own answer. */
  let announce: (flag: RecordedFlag) => void = () => {};

  function Desk({ initial, role }: { initial: RecordedFlag[]; role: Role }) {
    const [flags, setFlags] = useState(initial);
    announce = (reviewed) =>
      setFlags((kept) =>
        kept.map((f) =>
          f.id === reviewed.id && reviewed.reviews.length >= (f.reviews?.length ?? 0)
            ? reviewed
            : f,
        ),
      );
    return (
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <FlagsPanel
          flags={flags}
          sales={sales}
          role={role}
          // A frame later, as the store publishes: the form's own render comes first.
          onReviewed={(reviewed) =>
            setTimeout(
              () => setFlags((kept) => kept.map((f) => (f.id === reviewed.id ? reviewed : f))),
              20,
            )
          }
        />
      </NextIntlClientProvider>
    );
  }

  async function review(item: HTMLElement, button: string, submit: string) {
    fireEvent.click(within(item).getByRole('button', { name: new RegExp(`^${button}:`) }));
    fireEvent.change(within(item).getByRole('textbox'), { target: { value: 'checked' } });
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: submit }));
    });
  }

  it('a flag cleared out of the view hands the focus to the next one, then to the heading', async () => {
    answer = (body, id) => json(200, recorded({ ...flag(1), id }, body.outcome as FlagState));
    render(<Desk initial={[recorded(flag(2, 'late')), recorded(flag(1))]} role="clerk" />);
    await review(screen.getAllByTestId('flag')[0]!, 'Clear', 'Clear the flag');
    await waitFor(() => expect(screen.getAllByTestId('flag')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Clear: jump · Lot 7' })).toHaveFocus();
    await review(screen.getByTestId('flag'), 'Clear', 'Clear the flag');
    await waitFor(() => expect(screen.queryAllByTestId('flag')).toHaveLength(0));
    expect(screen.getByRole('heading', { name: 'Flags' })).toHaveFocus();
  });

  it('the desk shows the review before its answer arrives (announced first): the focus still moves on', async () => {
    answer = (body, id) => {
      const flagNow = { ...recorded({ ...flag(1), id }, body.outcome as FlagState) };
      act(() => announce(flagNow));
      return json(200, flagNow);
    };
    render(<Desk initial={[recorded(flag(2, 'late')), recorded(flag(1))]} role="clerk" />);
    await review(screen.getAllByTestId('flag')[0]!, 'Clear', 'Clear the flag');
    await waitFor(() => expect(screen.getAllByTestId('flag')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Clear: jump · Lot 7' })).toHaveFocus(),
    );
  });

  it('a flag escalated by a clerk stays in the view without buttons: the focus stays on it', async () => {
    answer = (body, id) => json(200, recorded({ ...flag(1), id }, body.outcome as FlagState));
    render(<Desk initial={[recorded(flag(1))]} role="clerk" />);
    await review(screen.getByTestId('flag'), 'Escalate', 'Escalate the flag');
    await waitFor(() =>
      expect(screen.getByTestId('flag')).toHaveAttribute('data-state', 'escalated'),
    );
    expect(within(screen.getByTestId('flag')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('flag')).toHaveFocus();
  });

  it("shows the lot's title and the bids the record keeps; none once retention removed them", () => {
    renderPanel([
      { ...flag(2), lotTitle: '1967 Ford Mustang Shelby GT500', bids: [recordedBid(2, 150_000)] },
      { ...flag(1, 'late'), bids: [] },
    ]);
    const [kept, removed] = screen.getAllByTestId('flag');
    expect(kept).toHaveTextContent('Lot 7 · 1967 Ford Mustang Shelby GT500 · Cars A');
    expect(kept).toHaveTextContent('1 bid: Paddle 5 €1,500.00');
    expect(removed).toHaveTextContent('1 bid ·');
    expect(removed).not.toHaveTextContent('€');
  });
});
