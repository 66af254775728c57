// The characters no one-line text field accepts, from the API or the realtime channel: the C0
// control characters, DEL and the C1 ones; the line and paragraph separators; and the
// bidirectional embedding, override and isolate controls, which make "Paddle 1234" read "Paddle
// 4321" (the marks LRM and RLM, which right-to-left text needs, are not among them). One
// definition for the server that refuses them and the browser that cleans them out of what it
// sends (a tab or a line break pasted from a spreadsheet's cells).
const bidiControls = '\\u202a-\\u202e\\u2066-\\u2069';
const controlCharacters = `\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${bidiControls}`;
// A text of several lines (a decision's reason) keeps its tabs and line breaks.
const controlCharactersButLines = `\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${bidiControls}`;

/** Text holding no control character. */
export const withoutControlCharacters = new RegExp(`^[^${controlCharacters}]*$`);

/** Text of several lines holding no control character but tabs and line breaks. */
export const withoutControlCharactersButLines = new RegExp(`^[^${controlCharactersButLines}]*$`);

/** Each run of control characters, for `replace`. */
export const controlCharacterRuns = new RegExp(`[${controlCharacters}]+`, 'g');
