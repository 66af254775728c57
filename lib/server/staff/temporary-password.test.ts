/** @jest-environment node */
import { newPasswordSchema } from './staff-schemas';
import { temporaryPassword, temporaryPasswordAlphabet } from './temporary-password';

describe('temporaryPassword', () => {
  it('is four groups of four unambiguous characters, a new one each time', () => {
    const passwords = Array.from({ length: 500 }, () => temporaryPassword());
    for (const password of passwords) {
      expect(password).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}-[^-]{4}$/);
      for (const char of password.replaceAll('-', '')) {
        expect(temporaryPasswordAlphabet).toContain(char);
      }
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('leaves out the characters read alike', () => {
    expect(temporaryPasswordAlphabet).not.toMatch(/[0Oo1Iil]/);
    expect(new Set(temporaryPasswordAlphabet).size).toBe(temporaryPasswordAlphabet.length);
  });

  it('takes each character the picker names, from the whole alphabet', () => {
    const picked: number[] = [];
    const last = temporaryPasswordAlphabet.length - 1;
    const password = temporaryPassword((n) => (picked.push(n), picked.length % 2 ? 0 : last));
    expect(picked).toEqual(Array(16).fill(temporaryPasswordAlphabet.length));
    expect(password).toBe('2Z2Z-2Z2Z-2Z2Z-2Z2Z');
  });
});
