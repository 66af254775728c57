import { isApiError } from '@/lib/api/api-error';

/**
 * Asks for the password again and sends it: true once the server took it, false when the person
 * gave up (closed the prompt).
 */
export type AskPassword = () => Promise<boolean>;

/** The person closed the password prompt: the action was not sent again, nothing changed. */
export class ReauthCancelled extends Error {
  constructor() {
    super('The password was not entered again');
    this.name = 'ReauthCancelled';
  }
}

export const isReauthCancelled = (error: unknown): error is ReauthCancelled =>
  error instanceof ReauthCancelled;

/** How long a password entered at sign-in or re-authentication covers admin actions (§15). */
export const passwordFreshForMs = 15 * 60 * 1000;

/**
 * Whether this browser's clock already says the password is too old for an admin action: then
 * the prompt comes before the action, not after the server's refusal. The server decides anyway
 * (`reauth_required`); this only saves the round trip, and lets a test move the browser's clock.
 */
export const passwordIsStale = (enteredAt: number | null, now = Date.now()): boolean =>
  enteredAt !== null && now - enteredAt >= passwordFreshForMs;

/**
 * Runs `action`; when the server answers `reauth_required` (an admin action needs the password
 * entered within the last 15 minutes, contract §15), asks for it and, once it is accepted, runs
 * the same action again, once: a second `reauth_required` is the action's failure, not a loop.
 * With `stale()` true the password is asked for first. Closing the prompt fails with
 * `ReauthCancelled`; any other failure is the action's own.
 */
export async function withReauth<T>(
  action: () => Promise<T>,
  askPassword: AskPassword,
  stale: () => boolean = () => false,
): Promise<T> {
  if (stale() && !(await askPassword())) throw new ReauthCancelled();
  try {
    return await action();
  } catch (error) {
    if (!isApiError(error, 'reauth_required')) throw error;
    if (!(await askPassword())) throw new ReauthCancelled();
    return action();
  }
}
