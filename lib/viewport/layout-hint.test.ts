import { isMobileHint, layoutHintOf } from './layout-hint';

describe('layout hint', () => {
  test.each([
    ['mobile', true],
    ['desktop', false],
    [undefined, false],
    [null, false],
    ['', false],
    ['MOBILE', false],
    ['mobile; injected', false],
  ])('the cookie %p reads as mobile: %p', (value, mobile) => {
    expect(isMobileHint(value)).toBe(mobile);
  });

  it('round-trips what the browser writes', () => {
    expect(isMobileHint(layoutHintOf(true))).toBe(true);
    expect(isMobileHint(layoutHintOf(false))).toBe(false);
  });
});
