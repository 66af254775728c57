import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { createSlots } from './password-slots';

// argon2id, m=47104 KiB, t=1, p=1: one of OWASP's recommended argon2id settings
// (docs/product-contract.md §1). `Algorithm` is a const enum: 2 is Argon2id.
const argon2idOptions = { algorithm: 2, memoryCost: 47104, timeCost: 1, parallelism: 1 } as const;

/** One argon2id at a time: on the 2 cores this runs on, the other one stays for every other request. */
const argon2Slots = createSlots(1);

export const hashPassword = (password: string): Promise<string> =>
  argon2Slots.run(() => hash(password, argon2idOptions));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slots.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash ahead (at start), so the first unknown login id costs no extra hash. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * Verifies against a hash of a random password, so an unknown or disabled login id costs the
 * same time as a wrong password: the answer's timing tells nothing about which ids exist.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
