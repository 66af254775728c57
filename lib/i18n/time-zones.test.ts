import { toTimeZone } from './time-zones';

describe('toTimeZone', () => {
  test.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['UTC', 'UTC'],
    ['europe/paris', 'Europe/Paris'],
    ['Pacific/Auckland', 'Pacific/Auckland'],
  ])('accepts %s, as the runtime names it', (value, expected) => {
    expect(toTimeZone(value)).toBe(expected);
  });

  test.each([
    ['an unknown zone', 'Europe/Nowhere'],
    ['an empty value', ''],
    ['a script', '<script>alert(1)</script>'],
    ['a zone padded past 64 characters', `Europe/Paris${' '.repeat(60)}`],
    ['a number', 1],
    ['nothing', undefined],
  ])('refuses %s', (_, value) => {
    expect(toTimeZone(value)).toBeNull();
  });
});
