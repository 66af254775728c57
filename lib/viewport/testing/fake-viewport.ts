/**
 * For component tests: a `window.matchMedia` (jsdom has none) whose every query answers whether
 * the viewport is a phone's, as `useIsMobile` asks it. A desktop until `setMobile(true)`.
 */
export function fakeViewport() {
  let mobile = false;
  // `matches` is read live: useIsMobile keeps one query list for the page.
  window.matchMedia = ((query: string) => ({
    get matches() {
      return mobile;
    },
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  return {
    setMobile(next: boolean) {
      mobile = next;
    },
  };
}
