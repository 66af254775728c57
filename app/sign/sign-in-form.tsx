'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { requestSignIn } from '@/lib/access/auth-api';
import { writeAccessTokenId, writeStoredUser } from '@/lib/storage/stored-values';

type FieldErrors = { loginId?: boolean; password?: boolean };
type Failure =
  | { kind: 'invalid_credentials' | 'network' | 'server' }
  | { kind: 'rate_limited'; minutes: number };

function toFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'server' };
  if (error.code === 'invalid_credentials') return { kind: 'invalid_credentials' };
  if (error.code === 'rate_limited') {
    return {
      kind: 'rate_limited',
      minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
    };
  }
  if (error.code === 'network') return { kind: 'network' };
  return { kind: 'server' };
}

/** Login id and password; Enter submits; focus goes to the first field, then to any error. */
export function SignInForm() {
  const t = useTranslations('SignInForm');
  const router = useRouter();
  const ids = {
    loginId: useId(),
    password: useId(),
    loginIdError: useId(),
    passwordError: useId(),
  };
  const loginIdField = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => loginIdField.current?.focus(), []);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const loginId = String(data.get('loginId') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const errors: FieldErrors = { loginId: loginId === '', password: password === '' };
    setFieldErrors(errors);
    setFailure(null);
    if (errors.loginId || errors.password) {
      document.getElementById(errors.loginId ? ids.loginId : ids.password)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await requestSignIn(loginId, password);
      writeStoredUser(answer.user);
      writeAccessTokenId(answer.accessTokenId);
      router.replace('/dash');
    } catch (error) {
      setFailure(toFailure(error));
      setBusy(false);
    }
  }

  return (
    <form className="card sign-in-form" onSubmit={submit} noValidate aria-busy={busy}>
      {failure && (
        <div ref={alertRef} role="alert" tabIndex={-1} className="form-alert">
          {failure.kind === 'rate_limited'
            ? t('rateLimited', { minutes: failure.minutes })
            : t(failure.kind === 'invalid_credentials' ? 'invalidCredentials' : failure.kind)}
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.loginId}>{t('loginId')}</label>
        <input
          ref={loginIdField}
          id={ids.loginId}
          name="loginId"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={fieldErrors.loginId || undefined}
          aria-describedby={fieldErrors.loginId ? ids.loginIdError : undefined}
        />
        {fieldErrors.loginId && (
          <p id={ids.loginIdError} className="field-error">
            {t('loginIdRequired')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t('password')}</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={fieldErrors.password || undefined}
          aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
        />
        {fieldErrors.password && (
          <p id={ids.passwordError} className="field-error">
            {t('passwordRequired')}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
