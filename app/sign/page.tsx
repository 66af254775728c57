import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccessGuard } from '@/components/access-guard';
import { PageHeading } from '@/components/page-heading';
import { SignInForm } from './sign-in-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Sign');
  return { title: t('title') };
}

export default async function SignPage() {
  const t = await getTranslations('Sign');
  return (
    <AccessGuard route="sign">
      <PageHeading title={t('title')} lead={t('lead')} />
      <SignInForm />
    </AccessGuard>
  );
}
