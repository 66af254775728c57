import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccessGuard } from '@/components/access-guard';
import { PageHeading } from '@/components/page-heading';
import { LiveDashboardLoader, LiveDashboardPreload } from './live-dashboard-loader';
import { ServiceStatus } from './service-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dash');
  return { title: t('title') };
}

export default async function DashPage() {
  const t = await getTranslations('Dash');
  return (
    <>
      <LiveDashboardPreload />
      <AccessGuard route="dash">
        <PageHeading title={t('title')} lead={t('lead')} />
        <LiveDashboardLoader />
        <ServiceStatus />
      </AccessGuard>
    </>
  );
}
