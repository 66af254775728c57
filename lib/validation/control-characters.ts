// The C0 control characters and DEL, which no one-line text field of the API accepts: one
// definition for the server that refuses them and the browser that cleans them out of what it
// sends (a tab or a line break pasted from a spreadsheet's cells).
const controlCharacters = '\\u0000-\\u001f\\u007f';

/** Text holding no control character. */
export const withoutControlCharacters = new RegExp(`^[^${controlCharacters}]*$`);

/** Each run of control characters, for `replace`. */
export const controlCharacterRuns = new RegExp(`[${controlCharacters}]+`, 'g');
