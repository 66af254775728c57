import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { mobileMediaQuery } from './breakpoints';
import { MobileHintProvider, useRememberLayout } from './layout-hint-context';
import { useIsMobile } from './use-is-mobile';

type ChangeListener = (event: MediaQueryListEvent) => void;

/** A stand-in for window.matchMedia (jsdom has none) whose match the test sets. */
function installMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<ChangeListener>();
  const queries: string[] = [];
  const added: ChangeListener[] = [];
  const removed: ChangeListener[] = [];

  const matchMedia = jest.fn((query: string): MediaQueryList => {
    queries.push(query);
    return {
      get matches() {
        return matches;
      },
      media: query,
      onchange: null,
      addEventListener: (type: string, listener: ChangeListener) => {
        if (type !== 'change') return;
        listeners.add(listener);
        added.push(listener);
      },
      removeEventListener: (type: string, listener: ChangeListener) => {
        if (type !== 'change') return;
        listeners.delete(listener);
        removed.push(listener);
      },
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });

  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: matchMedia,
  });

  return {
    matchMedia,
    queries,
    added,
    removed,
    listenerCount: () => listeners.size,
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) =>
        listener({ matches: next, media: mobileMediaQuery } as MediaQueryListEvent),
      );
    },
  };
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('useIsMobile', () => {
  it('queries exactly (max-width: 700px)', () => {
    const media = installMatchMedia(false);
    renderHook(() => useIsMobile());
    expect(mobileMediaQuery).toBe('(max-width: 700px)');
    expect(media.queries.length).toBeGreaterThan(0);
    expect(new Set(media.queries)).toEqual(new Set(['(max-width: 700px)']));
  });

  it.each([true, false])('returns %p when the query matches %p', (matches) => {
    installMatchMedia(matches);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(matches);
  });

  it('follows change events', () => {
    const media = installMatchMedia(false);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);

    act(() => media.set(true));
    expect(result.current).toBe(true);

    act(() => media.set(false));
    expect(result.current).toBe(false);
  });

  it('removes its change listener on unmount', () => {
    const media = installMatchMedia(false);
    const { unmount, result } = renderHook(() => useIsMobile());
    expect(media.listenerCount()).toBe(1);

    unmount();
    expect(media.listenerCount()).toBe(0);
    expect(media.removed).toEqual(media.added);

    act(() => media.set(true));
    expect(result.current).toBe(false);
  });

  it.each([true, false])(
    'on the server, renders the layout the browser last used (hint mobile: %p)',
    (mobile) => {
      const Probe = () => <p>{useIsMobile() ? 'mobile' : 'desktop'}</p>;
      const html = renderToString(
        <MobileHintProvider mobile={mobile}>
          <Probe />
        </MobileHintProvider>,
      );
      expect(html).toContain(mobile ? 'mobile' : 'desktop');
    },
  );

  it('without a hint the server renders the desktop layout', () => {
    const Probe = () => <p>{useIsMobile() ? 'mobile' : 'desktop'}</p>;
    expect(renderToString(<Probe />)).toContain('desktop');
  });
});

describe('useRememberLayout', () => {
  afterEach(() => {
    document.cookie = 'gavel-layout=; Max-Age=0; Path=/';
  });

  it('keeps the layout in use in the layout cookie, and follows a change', () => {
    const { rerender } = renderHook(({ mobile }) => useRememberLayout(mobile), {
      initialProps: { mobile: true },
    });
    expect(document.cookie).toContain('gavel-layout=mobile');
    rerender({ mobile: false });
    expect(document.cookie).toContain('gavel-layout=desktop');
  });
});
