'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api/api-client';
import { isApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { literal, object } from '@/lib/validation/validator';

const healthSchema = object({ status: literal('ok') });

type Check =
  { state: 'checking' } | { state: 'ok'; at: Date } | { state: 'failed'; error: unknown };

/** One health check; null when it was cancelled (its screen is gone: nothing to show). */
async function checkService(background: boolean, signal: AbortSignal): Promise<Check | null> {
  try {
    await apiRequest('/api/health', { schema: healthSchema, signal, background });
    return { state: 'ok', at: new Date() };
  } catch (error) {
    if (isApiError(error, 'aborted')) return null;
    return { state: 'failed', error };
  }
}

/** Whether the console's server answers; checked quietly on arrival, loudly on request. */
export function ServiceStatus() {
  const t = useTranslations('ServiceStatus');
  const errorText = useApiErrorText();
  const format = useFormatter();
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  const controllers = useRef(new Set<AbortController>());

  const runCheck = useCallback((background: boolean) => {
    const controller = new AbortController();
    controllers.current.add(controller);
    void checkService(background, controller.signal).then((result) => {
      controllers.current.delete(controller);
      if (result !== null) setCheck(result);
    });
  }, []);

  // Checked quietly on arrival; leaving the screen cancels what is still in flight.
  useEffect(() => {
    const pending = controllers.current;
    runCheck(true);
    return () => pending.forEach((controller) => controller.abort());
  }, [runCheck]);

  let text: string;
  if (check.state === 'checking') text = t('checking');
  else if (check.state === 'ok')
    text = t('ok', { time: format.dateTime(check.at, { timeStyle: 'medium' }) });
  else text = t('failed', { reason: errorText(check.error) });

  // Staff need it only when it is bad: a small line at the foot of the page while the service
  // answers, a card that stands out when it does not.
  const failed = check.state === 'failed';
  return (
    <section
      className={failed ? 'card service-status' : 'service-status'}
      data-state={check.state}
      aria-labelledby="service-status-title"
    >
      <h2 id="service-status-title" className={failed ? undefined : 'visually-hidden'}>
        {t('title')}
      </h2>
      <p role="status" data-state={check.state}>
        {text}
      </p>
      <button
        type="button"
        className={failed ? undefined : 'button-secondary'}
        onClick={() => {
          setCheck({ state: 'checking' });
          runCheck(false);
        }}
      >
        {t('checkAgain')}
      </button>
    </section>
  );
}
