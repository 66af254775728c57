'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/text-field';
import { changePassword } from '@/lib/account/account-api';
import { minPasswordLength, newPasswordProblem } from '@/lib/account/password-rules';
import { isApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';

type Field = 'current' | 'next' | 'repeat';

/**
 * Current password, new one, and the new one again: checked here (8 characters, the same twice),
 * then by the server (the current one right, the new one strong and different). A problem is
 * said by its field, with the focus there; anything else above the form.
 */
export function ChangePasswordForm({
  loginId,
  temporary,
  onChanged,
}: {
  /** For the browser's password manager: whose password this is. */
  loginId: string;
  /** The current password is a temporary one an admin gave. */
  temporary: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations('Account');
  const errorText = useApiErrorText();
  const currentField = useRef<HTMLInputElement>(null);
  const nextField = useRef<HTMLInputElement>(null);
  const repeatField = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ field: Field; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  const show = (field: Field, text: string) => {
    setProblem({ field, text });
    const input = { current: currentField, next: nextField, repeat: repeatField }[field].current;
    input?.focus();
    input?.select();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '');
    const current = value('currentPassword');
    const next = value('newPassword');
    setProblem(null);
    setFailure(null);
    setChanged(false);
    const found = newPasswordProblem({ current, next, repeat: value('repeatPassword') });
    if (found === 'currentMissing') return show('current', t('currentRequired'));
    if (found === 'tooShort') return show('next', t('tooShort', { min: minPasswordLength }));
    if (found === 'mismatch') return show('repeat', t('mismatch'));
    setBusy(true);
    try {
      await changePassword(current, next);
      form.reset();
      setChanged(true);
      onChanged();
    } catch (error) {
      if (isApiError(error, 'invalid_credentials')) show('current', t('wrongCurrent'));
      else if (isApiError(error, 'bad_request')) show('next', t('refused'));
      else if (isApiError(error, 'rate_limited'))
        setFailure(
          t('rateLimited', {
            minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
          }),
        );
      else setFailure(t('failed', { reason: errorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (field: Field) => (problem?.field === field ? problem.text : null);
  return (
    <section className="card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('passwordTitle')}</h2>
      <div role="status">
        {changed && (
          <p className="notice" data-kind="saved">
            {t('changed')}
          </p>
        )}
      </div>
      <form className="change-password" onSubmit={submit} noValidate aria-busy={busy}>
        {failure && (
          <div id="change-password-failure" role="alert" className="form-alert">
            {failure}
          </div>
        )}
        {/* Whose password: password managers file the new one under this login id. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={loginId}
          readOnly
          hidden
        />
        <TextField
          label={temporary ? t('temporaryPassword') : t('currentPassword')}
          inputRef={currentField}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errorOf('current')}
          aria-describedby={failure ? 'change-password-failure' : undefined}
        />
        <TextField
          label={t('newPassword')}
          inputRef={nextField}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          error={errorOf('next')}
          aria-describedby="new-password-hint"
        />
        <p id="new-password-hint" className="field-hint">
          {t('passwordHint', { min: minPasswordLength })}
        </p>
        <TextField
          label={t('repeatPassword')}
          inputRef={repeatField}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errorOf('repeat')}
        />
        <div>
          {/* Not `disabled` while it is sent: the focus would fall out of the form. */}
          <button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('submitting') : t('submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
