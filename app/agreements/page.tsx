import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/page-heading';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Agreements');
  return { title: t('title') };
}

export default async function AgreementsPage() {
  const t = await getTranslations('Agreements');
  return <PageHeading title={t('title')} lead={t('lead')} />;
}
