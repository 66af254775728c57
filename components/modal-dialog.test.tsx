// The modal in React's strict mode (what `next dev` runs): the effect runs twice, and the close
// event of the first cleanup must not close the dialog the second run opened.
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { ModalDialog } from './modal-dialog';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods: the part of them this component relies on.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
});

it('stays open in strict mode, and closes when the dialog itself closes', async () => {
  const onClose = jest.fn();
  render(
    <StrictMode>
      <ModalDialog title="Disable sam?" onClose={onClose}>
        <p>Body</p>
      </ModalDialog>
    </StrictMode>,
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(onClose).not.toHaveBeenCalled();
  const dialog = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
  expect(dialog.open).toBe(true);

  await act(async () => {
    dialog.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(onClose).toHaveBeenCalledTimes(1);
});
