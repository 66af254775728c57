import { errorText, ignoredErrorFragments, isReportableText, shouldReport } from './error-filter';

describe('shouldReport', () => {
  it.each<[string, unknown]>([
    ['Unauthorized string', 'Unauthorized'],
    ['UNAUTHORIZED upper case', 'UNAUTHORIZED'],
    ['unauthorized inside a sentence', 'Request failed: unauthorized access'],
    ['Unauthorized Error', new Error('Unauthorized')],
    ['HTTP 0 Unknown Error', 'HTTP 0 Unknown Error'],
    ['http 0 unknown error lower case', new Error('http 0 unknown error')],
    ['Object Not Found Matching Id:3', 'Object Not Found Matching Id:3'],
    [
      'OBJECT NOT FOUND MATCHING ID upper case',
      new Error('OBJECT NOT FOUND MATCHING ID:3, MethodName:update'),
    ],
    ['Non-Error exception captured with keys: a', 'Non-Error exception captured with keys: a'],
    [
      'non-error exception in a {message} object',
      { message: 'non-error EXCEPTION captured with keys: x, y' },
    ],
    ['ignored fragment with surrounding whitespace', '   Unauthorized   '],
  ])('ignores %s', (_name, error) => {
    expect(shouldReport(error)).toBe(false);
  });

  it.each<[string, unknown]>([
    ['empty string', ''],
    ['whitespace string', '   \n\t '],
    ['Error with empty message', new Error('')],
    ['Error with whitespace message', new Error('  ')],
    ['empty object', {}],
    ['object with non-string message', { message: 42 }],
    ['null', null],
    ['undefined', undefined],
    ['a number', 404],
  ])('does not report an empty error: %s', (_name, error) => {
    expect(shouldReport(error)).toBe(false);
  });

  it.each<[string, unknown]>([
    ['an Error', new Error('Cannot read properties of undefined')],
    ['a TypeError', new TypeError('x is not a function')],
    ['a string', 'Something broke'],
    ['a {message} object', { message: 'Bid rejected by platform' }],
    ['an HTTP failure without an ignored fragment', 'HTTP 503 Service Unavailable'],
    ['a zero status without "unknown error"', 'HTTP 0 timeout'],
    ['authorized (not unauthorized)', 'authorized user crashed'],
  ])('reports %s', (_name, error) => {
    expect(shouldReport(error)).toBe(true);
  });
});

describe('errorText', () => {
  it.each<[string, unknown, string]>([
    ['string', 'boom', 'boom'],
    ['Error', new Error('bang'), 'bang'],
    ['{message}', { message: 'oops' }, 'oops'],
    ['{message: non-string}', { message: 1 }, ''],
    ['{}', {}, ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
  ])('%s → %p', (_name, error, expected) => {
    expect(errorText(error)).toBe(expected);
  });
});

describe('isReportableText', () => {
  it.each(ignoredErrorFragments.map((fragment) => [fragment]))(
    'each fragment in any case is ignored: %s',
    (fragment) => {
      expect(isReportableText(fragment)).toBe(false);
      expect(isReportableText(fragment.toUpperCase())).toBe(false);
      expect(isReportableText(`prefix ${fragment} suffix`)).toBe(false);
    },
  );
});
