'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api/api-error';
import { requestSignIn } from '@/lib/auth/auth-api';
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
  const loginIdField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
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
      (errors.loginId ? loginIdField : passwordField).current?.focus();
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
      <TextField
        label={t('loginId')}
        inputRef={loginIdField}
        name="loginId"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={fieldErrors.loginId ? t('loginIdRequired') : null}
      />
      <TextField
        label={t('password')}
        inputRef={passwordField}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors.password ? t('passwordRequired') : null}
      />
      <button type="submit" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
