import { act, renderHook } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const render = () =>
  renderHook(({ ready }) => useAfterPaint(ready), { initialProps: { ready: false } });

it('waits for ready, then for the frame after it to be painted', () => {
  const hook = render();
  act(() => jest.advanceTimersByTime(1_000));
  expect(hook.result.current).toBe(false);

  hook.rerender({ ready: true });
  expect(hook.result.current).toBe(false);
  // The frame's callback runs; the task it sets runs after that frame's paint.
  act(() => jest.advanceTimersByTime(16));
  act(() => jest.runOnlyPendingTimers());
  expect(hook.result.current).toBe(true);
});

it('stays true once painted, whatever ready does next', () => {
  const hook = render();
  hook.rerender({ ready: true });
  act(() => jest.runAllTimers());
  hook.rerender({ ready: false });
  act(() => jest.runAllTimers());
  expect(hook.result.current).toBe(true);
});

it.each([
  ['before the frame', 0],
  ['between the frame and its task', 16],
])('sets nothing once it is gone, %s', (_, elapsed) => {
  const hook = render();
  hook.rerender({ ready: true });
  act(() => jest.advanceTimersByTime(elapsed));
  expect(jest.getTimerCount()).toBe(1);
  hook.unmount();
  expect(jest.getTimerCount()).toBe(0);
});
