import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { defaultListParams, type ListParams } from '@/lib/agreements/list-params';
import en from '@/messages/en.json';
import { AgreementFilters } from './agreement-filters';

const sales = [
  { auctionId: 'cars-a', saleTitle: 'Cars A' },
  { auctionId: 'cars-b', saleTitle: 'Cars B' },
  { auctionId: 'cars-c', saleTitle: 'Cars C' },
];

function renderFilters(params: ListParams = defaultListParams) {
  const onChange = jest.fn<void, [ListParams]>();
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <AgreementFilters params={params} sales={sales} onChange={onChange} />
    </NextIntlClientProvider>,
  );
  return { onChange, user };
}

/**
 * What Chrome and Firefox do on an arrow key in a closed select: the next option is chosen and
 * `change` fires at once, between the key's keydown and keyup. jsdom has no such default action.
 */
function arrowTo(select: HTMLSelectElement, value: string, key = 'ArrowDown') {
  fireEvent.keyDown(select, { key });
  fireEvent.change(select, { target: { value } });
  fireEvent.keyUp(select, { key });
}

describe('AgreementFilters: a select applies its choice once it is made', () => {
  it.each(['Sale', 'Status', 'Order'])('arrowing through %s loads nothing until Enter', (label) => {
    const { onChange } = renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>(label);
    const [, second, third] = [...select.options].map((option) => option.value);
    arrowTo(select, second!);
    arrowTo(select, third!);
    expect(onChange).not.toHaveBeenCalled();
    // What the keys chose is shown meanwhile.
    expect(select).toHaveValue(third);
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    const applied = onChange.mock.calls[0]![0];
    expect(Object.values(applied)).toContain(third);
    expect(applied.cursor).toBeNull();
  });

  it('the keys’ choice applies when the focus leaves the select', () => {
    const { onChange } = renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>('Sale');
    arrowTo(select, 'cars-a');
    arrowTo(select, 'cars-b');
    fireEvent.blur(select);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...defaultListParams, sale: 'cars-b', cursor: null });
  });

  it('Escape puts back what the list shows and applies nothing', () => {
    const { onChange } = renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>('Sale');
    arrowTo(select, 'cars-a');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(select).toHaveValue('');
    fireEvent.blur(select);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('arrowing back to what the list shows loads nothing', () => {
    const { onChange } = renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>('Sale');
    arrowTo(select, 'cars-a');
    arrowTo(select, '', 'ArrowUp');
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.blur(select);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a choice made with the mouse applies at once', async () => {
    const { onChange, user } = renderFilters();
    await user.selectOptions(screen.getByLabelText('Sale'), 'Cars B');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...defaultListParams, sale: 'cars-b', cursor: null });
  });

  it('a choice made in the open list with the keyboard (Alt+Down, then Enter) applies at once', () => {
    const { onChange } = renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>('Sale');
    // The open list takes the keys: the page sees the Alt+Down that opened it, then the change.
    fireEvent.keyDown(select, { key: 'ArrowDown', altKey: true });
    fireEvent.keyUp(select, { key: 'ArrowDown', altKey: true });
    fireEvent.change(select, { target: { value: 'cars-c' } });
    expect(onChange).toHaveBeenCalledWith({ ...defaultListParams, sale: 'cars-c', cursor: null });
  });
});
