import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

// A number beside words has to agree with them ("1 accord sélectionné", "2 accords sélectionnés"),
// which only an ICU plural can do in every language. This walks both catalogs and refuses a count
// written any other way.

type Tree = { [key: string]: string | Tree };

/** An argument as a message uses it, with the plurals it sits in. */
interface ArgumentUse {
  name: string;
  /** `plain` for `{name}`; else the type written after the name (`plural`, `select`, `number`…). */
  type: string;
  /** The selectors of the plurals around it, innermost last. */
  inPluralsOf: string[];
}

interface ParsedMessage {
  uses: ArgumentUse[];
  /** `#` written where no plural gives it a number: printed as is. */
  strayHashes: number;
}

/**
 * Reads an ICU message: `{name}`, `{name, type}`, `{name, type, style}` and the branches of
 * `plural`, `selectordinal` and `select`. An apostrophe before a brace or `#` quotes up to the next
 * apostrophe, `''` is one apostrophe, as in ICU.
 */
function parseMessage(text: string): ParsedMessage {
  const uses: ArgumentUse[] = [];
  let strayHashes = 0;
  let index = 0;

  const fail = (why: string) => {
    throw new Error(`${why} at ${index} in ${JSON.stringify(text)}`);
  };

  /** Text and arguments up to an unmatched `}` (the end of a branch) or the end. */
  function readMessage(inPluralsOf: string[]): void {
    while (index < text.length && text[index] !== '}') {
      const char = text[index];
      if (char === "'" && /['{}#]/.test(text[index + 1] ?? '')) {
        if (text[index + 1] === "'") index += 2;
        else {
          const end = text.indexOf("'", index + 1);
          index = end === -1 ? text.length : end + 1;
        }
      } else if (char === '{') readArgument(inPluralsOf);
      else {
        if (char === '#' && inPluralsOf.length === 0) strayHashes += 1;
        index += 1;
      }
    }
  }

  function readArgument(inPluralsOf: string[]): void {
    index += 1; // `{`
    const header = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?/.exec(text.slice(index));
    if (!header) return fail('an argument without a name');
    const [read, name, type = 'plain'] = header;
    index += read.length;
    uses.push({ name: name!, type, inPluralsOf });
    if (text[index] === '}') {
      index += 1;
      return;
    }
    if (text[index] !== ',') return fail(`"," or "}" expected after ${name}`);
    index += 1;
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      const inner = type === 'select' ? inPluralsOf : [...inPluralsOf, name!];
      // Branches, `key {message}`, up to the argument's own closing brace.
      while (index < text.length) {
        const key = /^\s*(?:offset:\d+\s+)?(=?[\w-]+)\s*/.exec(text.slice(index));
        if (key && key[1]) index += key[0].length;
        if (text[index] === '}') {
          index += 1;
          return;
        }
        if (text[index] !== '{') return fail(`a branch expected in ${name}`);
        index += 1;
        readMessage(inner);
        if (text[index] !== '}') return fail(`an unclosed branch of ${name}`);
        index += 1;
      }
      return fail(`an unclosed ${type}`);
    }
    // A style (`{when, time, short}`, `{n, number, ::percent}`): no message inside.
    const close = text.indexOf('}', index);
    if (close === -1) return fail(`an unclosed ${type}`);
    index = close + 1;
  }

  readMessage([]);
  if (index < text.length) fail('a "}" that closes nothing');
  return { uses, strayHashes };
}

function messagesOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : messagesOf(value, `${prefix}${key}.`),
  );
}

const catalogs = { en: en as Tree, fr: fr as Tree };
const allMessages = Object.entries(catalogs).flatMap(([locale, tree]) =>
  messagesOf(tree).map(([path, text]) => ({ locale, path, text })),
);

/**
 * The arguments that are counts: those a plural selects on in any message of either catalog (a
 * name the code gives a number), and those named for one: `count`, `counted`, `total`, and the
 * numbers the code passes under other names (a reason's length, a peak, the bids shown, the
 * approvals required, minutes). A new count under a new name joins by a plural, or here.
 */
const countNames = new Set([
  ...allMessages.flatMap(({ text }) =>
    parseMessage(text)
      .uses.filter((use) => use.type === 'plural')
      .map((use) => use.name),
  ),
]);
const isCount = (name: string) =>
  countNames.has(name) || /count|total|^(min|max|peak|shown|required|minutes)$/i.test(name);

/**
 * A count is written through a plural (its `#`, or the argument inside its own plural's branches),
 * or as `{name, number}` where no word agrees with it; never as a bare `{name}`.
 */
function countProblems(text: string): string[] {
  const { uses, strayHashes } = parseMessage(text);
  const bare = uses
    .filter((use) => isCount(use.name) && use.type === 'plain')
    .filter((use) => !use.inPluralsOf.includes(use.name))
    .map((use) => `{${use.name}} outside a plural`);
  return strayHashes > 0 ? [...bare, '# outside a plural'] : bare;
}

describe('parseMessage', () => {
  it.each([
    ['plain text', 'Sign in', [], 0],
    ['an argument', 'Signed in as {name}', [['name', 'plain', []]], 0],
    ['a plural', '{count, plural, one {# bid} other {# bids}}', [['count', 'plural', []]], 0],
    [
      'an argument inside a select inside a plural',
      '{n, plural, one {{s, select, a {{x}} other {y}}} other {#}}',
      [
        ['n', 'plural', []],
        ['s', 'select', ['n']],
        ['x', 'plain', ['n']],
      ],
      0,
    ],
    ['a formatted argument', 'At {when, time, short}', [['when', 'time', []]], 0],
    ['a # outside a plural', 'Lot # {number}', [['number', 'plain', []]], 1],
    ['quoted braces', "'{count}' is literal", [], 0],
    ['an apostrophe in a word', "The lot's {count}", [['count', 'plain', []]], 0],
  ] as const)('reads %s', (_name, text, uses, strayHashes) => {
    expect(parseMessage(text)).toEqual({
      uses: uses.map(([name, type, inPluralsOf]) => ({ name, type, inPluralsOf })),
      strayHashes,
    });
  });

  it('refuses a message it cannot read', () => {
    expect(() => parseMessage('{count, plural, one {# bid}')).toThrow('unclosed');
  });
});

describe('counts in messages', () => {
  it.each([
    ['a bare count', 'Approve {count} selected', ['{count} outside a plural']],
    [
      'a bare count in a select',
      '{outcome, select, approved {{count} approved} other {{count} gone}}',
      ['{count} outside a plural', '{count} outside a plural'],
    ],
    ['a count through its plural', '{count, plural, one {# bid} other {# bids}}', []],
    ['the count inside its own plural', '{count, plural, one {{count} bid} other {# bids}}', []],
    ['a count no word agrees with', 'At most {peak, number} in 10 seconds', []],
    ['a # outside a plural', 'Approve # selected', ['# outside a plural']],
  ])('%s', (_name, text, problems) => {
    expect(countProblems(text)).toEqual(problems);
  });

  it.each(Object.keys(catalogs))('every count in %s goes through a plural', (locale) => {
    const problems = allMessages
      .filter((message) => message.locale === locale)
      .map(({ path, text }) => ({ path, problems: countProblems(text) }))
      .filter(({ problems }) => problems.length > 0);
    expect(problems).toEqual([]);
  });
});
