'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { endOwnSession, fetchOwnSessions, type OwnSession } from '@/lib/account/account-api';
import { browserParts } from '@/lib/account/browser-label';
import { orderOwnSessions, sessionAfter } from '@/lib/account/own-sessions';
import { isApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { logOut } from '@/lib/auth/sign-out';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; sessions: OwnSession[] }
  | { state: 'failed'; error: unknown };

type Notice = { outcome: 'ended'; browser: string } | { outcome: 'failed'; error: unknown };

/**
 * The browsers signed in to this account, this one marked and first: when each signed in and was
 * last active, and the way to end it (this browser's own: signing out). Read again when
 * `version` changes (a new password ends the others).
 */
export function OwnSessions({ version }: { version: number }) {
  const t = useTranslations('Account');
  const errorText = useApiErrorText();
  const formatDateTime = useFormatDateTime();
  const router = useRouter();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [ending, setEnding] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchOwnSessions(controller.signal).then(
      (sessions) => setLoad({ state: 'loaded', sessions: orderOwnSessions(sessions) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [version, attempt]);

  const label = useCallback(
    (session: OwnSession) => {
      const { browser, system } = browserParts(session.userAgent);
      if (browser && system) return t('browserOn', { browser, system });
      if (browser) return t('browserOnly', { browser });
      if (system) return t('systemOnly', { system });
      return t('unknownBrowser');
    },
    [t],
  );

  const end = async (session: OwnSession, shown: OwnSession[]) => {
    if (ending) return;
    setEnding(session.id);
    setNotice(null);
    if (session.current) {
      // This browser's own session: ending it is signing out.
      await logOut();
      router.replace('/sign');
      return;
    }
    try {
      await endOwnSession(session.id);
      const next = sessionAfter(shown, session.id);
      setLoad({ state: 'loaded', sessions: shown.filter(({ id }) => id !== session.id) });
      setNotice({ outcome: 'ended', browser: label(session) });
      // The button that had the focus is gone with its session: the next one's takes it.
      const target = [...document.querySelectorAll<HTMLElement>('[data-session]')].find(
        (button) => button.dataset.session === next?.id,
      );
      (target ?? heading.current)?.focus();
    } catch (error) {
      // Already ended (another tab, an admin): it is gone all the same.
      if (isApiError(error, 'not_found'))
        setLoad({ state: 'loaded', sessions: shown.filter(({ id }) => id !== session.id) });
      else setNotice({ outcome: 'failed', error });
    } finally {
      setEnding(null);
    }
  };

  return (
    <section className="card own-sessions" aria-labelledby="own-sessions-title">
      <h2 id="own-sessions-title" ref={heading} tabIndex={-1}>
        {t('sessionsTitle')}
      </h2>
      <p className="field-hint">{t('sessionsLead')}</p>
      <div role="status">
        {load.state === 'loading' && <p>{t('loadingSessions')}</p>}
        {notice?.outcome === 'ended' && (
          <p className="notice" data-kind="saved">
            {t('ended', { browser: notice.browser })}
          </p>
        )}
      </div>
      {notice?.outcome === 'failed' && (
        <div className="notice" data-kind="failed" role="alert">
          <p>{t('endFailed', { reason: errorText(notice.error) })}</p>
        </div>
      )}
      {load.state === 'failed' && (
        <div className="notice" data-kind="load-failed" role="alert">
          <p>{t('sessionsFailed', { reason: errorText(load.error) })}</p>
          <div className="actions">
            <button type="button" onClick={() => setAttempt((count) => count + 1)}>
              {t('retry')}
            </button>
          </div>
        </div>
      )}
      {load.state === 'loaded' && (
        <ul className="own-sessions__list">
          {load.sessions.map((session) => {
            const browser = label(session);
            const lastSeen = formatDateTime(session.lastSeenAt);
            return (
              <li
                key={session.id}
                className="own-session"
                data-current={session.current || undefined}
              >
                <p className="own-session__browser">
                  {browser}
                  {session.current && <span className="status-badge">{t('thisBrowser')}</span>}
                </p>
                <dl>
                  <div>
                    <dt>{t('firstSeen')}</dt>
                    <dd>
                      <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('lastSeen')}</dt>
                    <dd>
                      <time dateTime={session.lastSeenAt}>{lastSeen}</time>
                    </dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="button-secondary"
                  data-session={session.id}
                  aria-label={
                    session.current || ending === session.id
                      ? undefined
                      : t('endOf', { browser, when: lastSeen })
                  }
                  aria-describedby={session.current ? 'own-session-sign-out' : undefined}
                  aria-disabled={ending !== null || undefined}
                  onClick={() => void end(session, load.sessions)}
                >
                  {ending === session.id ? t('ending') : session.current ? t('signOut') : t('end')}
                </button>
                {session.current && (
                  <p id="own-session-sign-out" className="field-hint">
                    {t('signOutHint')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
