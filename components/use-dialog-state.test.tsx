import { act, renderHook } from '@testing-library/react';
import { useDialogState } from './use-dialog-state';

describe('useDialogState', () => {
  it('gives each opening a key of its own, the same dialog opened again included', () => {
    const { result } = renderHook(() => useDialogState<{ kind: string }>());
    expect(result.current.dialog).toBeNull();
    const approve = { kind: 'approve' };
    act(() => result.current.openDialog(approve));
    const first = result.current.dialogKey;
    expect(result.current.dialog).toBe(approve);
    // Opened again before its close reached React (Escape, then Enter at once): a new key, so the
    // dialog mounts afresh and shows itself.
    act(() => result.current.openDialog(approve));
    expect(result.current.dialogKey).not.toBe(first);
    act(() => result.current.closeDialog());
    expect(result.current.dialog).toBeNull();
  });

  it('keeps its functions across renders', () => {
    const { result, rerender } = renderHook(() => useDialogState<string>());
    const { openDialog, closeDialog } = result.current;
    act(() => openDialog('history'));
    rerender();
    expect(result.current.openDialog).toBe(openDialog);
    expect(result.current.closeDialog).toBe(closeDialog);
  });
});
