import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/page-heading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Sign');
  return { title: t('title') };
}

export default async function SignPage() {
  const t = await getTranslations('Sign');
  return <PageHeading title={t('title')} lead={t('lead')} />;
}
