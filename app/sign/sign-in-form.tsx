'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api/api-error';
import { requestSignIn, storedUserOf } from '@/lib/auth/auth-api';
import { writeAccessTokenId } from '@/lib/storage/stored-values';
import { writeStoredUser } from '@/lib/auth/stored-user';
import { afterSignIn } from '@/lib/auth/next-path';

type FieldErrors = { loginId?: boolean; password?: boolean };
type Failure =
  | { kind: 'invalid_credentials' | 'network' | 'timeout' | 'server' }
  | { kind: 'rate_limited'; minutes: number };

/** What the form says of a failed sign-in. */
export function toFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'server' };
  if (error.code === 'invalid_credentials') return { kind: 'invalid_credentials' };
  if (error.code === 'rate_limited') {
    return {
      kind: 'rate_limited',
      minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)),
    };
  }
  if (error.code === 'network' || error.code === 'timeout') return { kind: error.code };
  return { kind: 'server' };
}

/**
 * Login id and password; Enter submits; focus goes to the first field, after a failure back to the
 * password, which the announced error describes.
 */
export function SignInForm() {
  const t = useTranslations('SignInForm');
  const router = useRouter();
  const loginIdField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => loginIdField.current?.focus(), []);
  // The alert is announced (role="alert"); focus goes where the fix is typed, the password with
  // its text selected, so retyping it and Enter retry without reaching for the mouse.
  useEffect(() => {
    if (!failure) return;
    passwordField.current?.focus();
    passwordField.current?.select();
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
      writeStoredUser(storedUserOf(answer.user));
      writeAccessTokenId(answer.accessTokenId);
      // A temporary password is replaced first (contract §15); else a deep link opened while
      // signed out comes back (`/sign?next=`, same-origin paths only).
      router.replace(
        answer.user.mustChangePassword ? '/account' : afterSignIn(window.location.search),
      );
    } catch (error) {
      setFailure(toFailure(error));
      setBusy(false);
    }
  }

  return (
    <form className="card sign-in-form" onSubmit={submit} noValidate aria-busy={busy}>
      {failure && (
        <div id="sign-in-failure" role="alert" className="form-alert">
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
        aria-describedby={failure && !fieldErrors.password ? 'sign-in-failure' : undefined}
      />
      <button type="submit" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
