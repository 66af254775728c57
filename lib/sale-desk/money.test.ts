/** @jest-environment node */
import { currencyFractionDigits, fromMinorUnits } from './money';

describe('currencyFractionDigits', () => {
  it.each([
    { currency: 'EUR', digits: 2 },
    { currency: 'USD', digits: 2 },
    { currency: 'GBP', digits: 2 },
    { currency: 'JPY', digits: 0 },
    { currency: 'KRW', digits: 0 },
    { currency: 'BHD', digits: 3 },
    { currency: 'KWD', digits: 3 },
  ])('$currency has $digits fraction digits', ({ currency, digits }) => {
    expect(currencyFractionDigits(currency)).toBe(digits);
  });

  it.each([
    { name: 'four letters', currency: 'EURO' },
    { name: 'two letters', currency: 'EU' },
    { name: 'empty string', currency: '' },
    { name: 'a digit inside', currency: 'E1R' },
    { name: 'a symbol', currency: '€' },
  ])('falls back to 2 for an invalid code ($name) instead of throwing', ({ currency }) => {
    expect(() => currencyFractionDigits(currency)).not.toThrow();
    expect(currencyFractionDigits(currency)).toBe(2);
  });

  it('answers the same on a second (cached) call', () => {
    expect(currencyFractionDigits('BHD')).toBe(3);
    expect(currencyFractionDigits('BHD')).toBe(3);
    expect(currencyFractionDigits('NOPE')).toBe(2);
    expect(currencyFractionDigits('NOPE')).toBe(2);
  });
});

describe('fromMinorUnits', () => {
  it.each([
    { amount: 1234, currency: 'EUR', major: 12.34 },
    { amount: 100, currency: 'EUR', major: 1 },
    { amount: 1, currency: 'EUR', major: 0.01 },
    { amount: 0, currency: 'EUR', major: 0 },
    { amount: 1234, currency: 'JPY', major: 1234 },
    { amount: 1234, currency: 'BHD', major: 1.234 },
    { amount: 1000, currency: 'BHD', major: 1 },
    { amount: 1234, currency: 'EURO', major: 12.34 },
    { amount: 250_000_000, currency: 'USD', major: 2_500_000 },
  ])('$amount minor units of $currency are $major', ({ amount, currency, major }) => {
    expect(fromMinorUnits(amount, currency)).toBeCloseTo(major, 10);
  });
});
