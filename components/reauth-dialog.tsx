'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { reauthenticate } from '@/lib/account/account-api';
import { isApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { passwordIsStale, withReauth, type AskPassword } from '@/lib/auth/with-reauth';
import { ModalDialog } from './modal-dialog';
import { TextField } from './text-field';

/** What a screen gets from `useReauth`: its actions' runner, and the prompt to render. */
export interface Reauth {
  /**
   * Runs an action; on `reauth_required` asks for the password and runs it again once it is
   * accepted. Fails with `ReauthCancelled` when the prompt is closed (lib/auth/with-reauth.ts).
   */
  run: <T>(action: () => Promise<T>) => Promise<T>;
  /** The password prompt while it is asked for; render it anywhere in the screen. */
  prompt: ReactNode;
}

/**
 * The password prompt of the admin actions (contract §15: entered within the last 15 minutes).
 * Actions that meet `reauth_required` together share one prompt; leaving the screen cancels it.
 * `passwordEnteredAt` (the session's, from the server's page): past 15 minutes by this browser's
 * clock, the prompt comes first.
 */
export function useReauth(passwordEnteredAt: string | null = null): Reauth {
  const [opening, setOpening] = useState<number | null>(null);
  const enteredAt = useRef<number | null>(passwordEnteredAt ? Date.parse(passwordEnteredAt) : null);
  const waiting = useRef<{ answer: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);
  const openings = useRef(0);

  const ask = useCallback<AskPassword>(() => {
    if (waiting.current) return waiting.current.answer;
    let resolve: (ok: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((settle) => (resolve = settle));
    waiting.current = { answer, resolve };
    openings.current += 1;
    setOpening(openings.current);
    return answer;
  }, []);

  const finish = useCallback((ok: boolean) => {
    if (ok) enteredAt.current = Date.now();
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpening(null);
  }, []);
  useEffect(() => () => waiting.current?.resolve(false), []);

  const run = useCallback(
    <T,>(action: () => Promise<T>) =>
      withReauth(action, ask, () => passwordIsStale(enteredAt.current)),
    [ask],
  );
  const prompt = opening === null ? null : <ReauthDialog key={opening} onDone={finish} />;
  return { run, prompt };
}

/** Asks for the password and sends it; `onDone(true)` once the server took it. */
export function ReauthDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const t = useTranslations('Reauth');
  const errorText = useApiErrorText();
  const field = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const describe = (error: unknown) => {
    if (isApiError(error, 'invalid_credentials')) return t('wrong');
    if (isApiError(error, 'rate_limited'))
      return t('rateLimited', {
        minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
      });
    return t('failed', { reason: errorText(error) });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const password = field.current?.value ?? '';
    if (password === '') {
      setProblem(t('required'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await reauthenticate(password);
      onDone(true);
    } catch (error) {
      setBusy(false);
      setProblem(describe(error));
      // Where the fix is typed, its text selected: retyping it and Enter try again.
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <ModalDialog title={t('title')} onClose={() => onDone(false)}>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <p>{t('body')}</p>
        <TextField
          label={t('password')}
          inputRef={field}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          data-autofocus
          error={problem}
        />
        <div className="actions">
          {/* Not `disabled` while it checks: the focus would fall out of the dialog. */}
          <button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('checking') : t('confirm')}
          </button>
          <button type="button" className="button-secondary" onClick={() => onDone(false)}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
