import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AccessGuard } from '@/components/access-guard';
import { PageHeading } from '@/components/page-heading';
import { requirePageSession } from '@/lib/server/auth/page-session';
import type { FirstRead } from '@/lib/sales/first-read';
import { deskFirstRead } from '@/lib/server/sales/desk-first-read';
import { LiveDashboardLoader, LiveDashboardPreload } from './live-dashboard-loader';
import { ServiceStatus } from './service-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dash');
  return { title: t('title') };
}

/**
 * `/dash?sale=ID` opened as a page (a link, a reload, a typed address) is rendered with the
 * sale's record (docs/product-contract.md §13); a navigation inside the console, whose desk has
 * the record already, is not sent it again.
 */
async function firstReadOf(
  searchParams: Promise<Record<string, string | string[] | undefined>>,
): Promise<FirstRead | null> {
  const { sale } = await searchParams;
  if (typeof sale !== 'string' || sale === '') return null;
  if ((await headers()).get('sec-fetch-dest') !== 'document') return null;
  // The layout checks the session too; the page renders beside it, so it checks before reading.
  await requirePageSession();
  return deskFirstRead(sale);
}

export default async function DashPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations('Dash');
  const firstRead = await firstReadOf(searchParams);
  return (
    <>
      <LiveDashboardPreload />
      <AccessGuard route="dash">
        <PageHeading title={t('title')} lead={t('lead')} />
        <LiveDashboardLoader firstRead={firstRead} />
        <ServiceStatus />
      </AccessGuard>
    </>
  );
}
