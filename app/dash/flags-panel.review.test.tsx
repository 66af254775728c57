// The flags panel's reviews: a note sent, a review someone made first, a failure sent again, and
// where the focus goes once a flag is reviewed on a desk that updates its flags.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { useState } from 'react';
import en from '@/messages/en.json';
import type { Role } from '@/lib/auth/roles';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import { FlagsPanel } from './flags-panel';
import { flag, recorded, renderPanel, sales } from './flags-panel-fixture';

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

describe('FlagsPanel', () => {
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

  /** The announcement on the staff channel: the desk shows a review before its own answer. */
  let announce: (flag: RecordedFlag) => void = () => {};

  /** The panel with a desk behind it: a reviewed flag replaces its older self, as the store does. */
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
});
