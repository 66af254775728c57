import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { NotFoundGuard } from '@/components/not-found-guard';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <section className="not-found">
      <NotFoundGuard />
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <Link href="/">{t('link')}</Link>
    </section>
  );
}
