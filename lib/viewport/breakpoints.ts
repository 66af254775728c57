/** At most this wide, the console uses its mobile layout (cards instead of tables). */
export const mobileMaxWidthPx = 700;
export const mobileMediaQuery = `(max-width: ${mobileMaxWidthPx}px)`;

/**
 * Narrower than this, a sale's board shows its lots as cards, not as a table: its ten columns
 * need about 1,000px on one line each (at 768px the table was 883px wide in a 718px card, and the
 * page scrolled sideways).
 */
export const boardTableMinWidthPx = 1024;
export const boardCardsMediaQuery = `(max-width: ${boardTableMinWidthPx - 0.02}px)`;
