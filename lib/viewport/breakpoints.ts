/** At most this wide, the console uses its mobile layout (cards instead of tables). */
export const mobileMaxWidthPx = 700;
export const mobileMediaQuery = `(max-width: ${mobileMaxWidthPx}px)`;
