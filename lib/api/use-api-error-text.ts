'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { apiErrorMessage } from './error-message';

/** A failure as the translated fragment of `ApiErrors` that explains it ("the network failed."). */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations('ApiErrors');
  return useCallback(
    (error: unknown) => {
      const message = apiErrorMessage(error);
      return 'status' in message ? t(message.key, { status: message.status }) : t(message.key);
    },
    [t],
  );
}
