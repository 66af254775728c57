import { useTranslations } from 'next-intl';
import Link from 'next/link';

/** In place of agreements when there is no session: what to do, and the way to do it. */
export function SignInPrompt({ ended = false }: { ended?: boolean }) {
  const t = useTranslations('Agreements');
  return (
    <section className="card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h2 id="sign-in-prompt-title">{t('signedOutTitle')}</h2>
      <p>{ended ? t('sessionEnded') : t('signedOutBody')}</p>
      <p>
        <Link href="/sign" className="button-link" prefetch={false}>
          {t('signIn')}
        </Link>
      </p>
    </section>
  );
}
