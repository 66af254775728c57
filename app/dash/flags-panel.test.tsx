// The flags panel: each flag with its rule, lot, paddles and bids, counted per rule, filtered by
// state, with the moves each role may make.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { flag, recorded, recordedBid, renderPanel } from './flags-panel-fixture';

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
