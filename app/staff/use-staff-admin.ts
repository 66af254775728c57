'use client';

import { useCallback, useEffect, useState } from 'react';
import { useReauth } from '@/components/reauth-dialog';
import { isApiError } from '@/lib/api/api-error';
import { onSessionEnded } from '@/lib/api/session-ended';
import { isReauthCancelled } from '@/lib/auth/with-reauth';
import type { Role } from '@/lib/auth/roles';
import {
  afterPasswordReset,
  afterSessionsEnded,
  withAccount,
  type NewStaffAccount,
  type StaffAccount,
} from '@/lib/staff/staff-account';
import {
  addStaff,
  endStaffSessions,
  fetchStaff,
  resetStaffPassword,
  updateStaff,
} from '@/lib/staff/staff-api';

/** An admin action on one account, or adding one. */
export type StaffAction =
  | { kind: 'role'; account: StaffAccount; role: Role }
  | { kind: 'disable' | 'enable' | 'reset' | 'sessions'; account: StaffAccount }
  | { kind: 'add'; account: NewStaffAccount };

export type ActionKind = StaffAction['kind'];

/** What the screen says of the last action: done, or failed with the way to try again. */
export type ActionNotice =
  | { outcome: 'done'; action: StaffAction }
  | { outcome: 'failed'; action: StaffAction; error: unknown };

/** A temporary password to show once: a new account's, or a reset one. */
export interface TemporaryPassword {
  loginId: string;
  displayName: string;
  password: string;
}

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; accounts: StaffAccount[] }
  | { state: 'failed'; error: unknown };

/** How an action ended, for the control that started it (the add form clears on `done`). */
export type ActionResult = 'done' | 'taken' | 'failed' | 'cancelled';

/** Sends an action and gives the account as it now is, and a temporary password if it made one. */
async function send(
  action: StaffAction,
): Promise<{ account: StaffAccount; temporaryPassword?: string }> {
  switch (action.kind) {
    case 'add':
      return addStaff(action.account);
    case 'role':
      return { account: await updateStaff(action.account.loginId, { role: action.role }) };
    case 'disable':
    case 'enable': {
      const status = action.kind === 'disable' ? 'disabled' : 'enabled';
      return { account: await updateStaff(action.account.loginId, { status }) };
    }
    case 'reset': {
      const temporaryPassword = await resetStaffPassword(action.account.loginId);
      return { account: afterPasswordReset(action.account), temporaryPassword };
    }
    case 'sessions':
      await endStaffSessions(action.account.loginId);
      return { account: afterSessionsEnded(action.account) };
  }
}

/**
 * The staff screen's state: the accounts read from the API, each admin action sent (asking for
 * the password again when the server wants it, then sending the action again), its row updated
 * from the answer, and what to say of it.
 */
export function useStaffAdmin(passwordEnteredAt: string | null = null) {
  const { run: runWithReauth, prompt: reauthPrompt } = useReauth(passwordEnteredAt);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [forbidden, setForbidden] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  /** The action under way on each account, by login id. */
  const [working, setWorking] = useState<Readonly<Record<string, ActionKind>>>({});
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  useEffect(() => onSessionEnded(() => setSessionEnded(true)), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchStaff(controller.signal).then(
      (accounts) => setLoad({ state: 'loaded', accounts }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The role changed since the page was rendered: the screen says who manages staff.
        if (isApiError(error, 'forbidden')) setForbidden(true);
        else setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const perform = useCallback(
    async (action: StaffAction): Promise<ActionResult> => {
      const loginId = action.account.loginId;
      setWorking((current) => ({ ...current, [loginId]: action.kind }));
      setNotice(null);
      try {
        const { account, temporaryPassword } = await runWithReauth(() => send(action));
        setLoad((current) =>
          current.state === 'loaded'
            ? { state: 'loaded', accounts: withAccount(current.accounts, account) }
            : current,
        );
        setNotice({ outcome: 'done', action });
        if (temporaryPassword !== undefined)
          setTemporary({
            // As the server keeps it (trimmed, lower-cased), not as it was typed.
            loginId: account.loginId,
            displayName: account.displayName,
            password: temporaryPassword,
          });
        return 'done';
      } catch (error) {
        if (isReauthCancelled(error)) return 'cancelled';
        if (isApiError(error, 'unauthorized')) setSessionEnded(true);
        else if (isApiError(error, 'forbidden')) setForbidden(true);
        // A taken login id is the add form's to say, by its field.
        else if (action.kind === 'add' && isApiError(error, 'conflict')) return 'taken';
        else setNotice({ outcome: 'failed', action, error });
        return 'failed';
      } finally {
        setWorking(({ [loginId]: _done, ...others }) => others);
      }
    },
    [runWithReauth],
  );

  return {
    load,
    reload,
    forbidden,
    sessionEnded,
    working,
    notice,
    dismissNotice: useCallback(() => setNotice(null), []),
    temporary,
    closeTemporary: useCallback(() => setTemporary(null), []),
    perform,
    reauthPrompt,
  };
}
