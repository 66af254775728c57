/**
 * The server cannot see the viewport. The browser remembers which layout it last used in this
 * cookie, so the server renders that one and a returning phone gets its cards in the first HTML,
 * not the desktop layout replaced after hydration (docs/adr/0017-dash-keeps-its-layout.md).
 * A hint only: the mobile flag follows the real viewport as soon as scripts run.
 */
export const layoutCookieName = 'gavel-layout';

export type LayoutHint = 'mobile' | 'desktop';

/** The cookie's value as the server reads it: anything but "mobile" is the desktop default. */
export const isMobileHint = (value: string | undefined | null): boolean => value === 'mobile';

export const layoutHintOf = (isMobile: boolean): LayoutHint => (isMobile ? 'mobile' : 'desktop');
