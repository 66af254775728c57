import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RolePage } from '@/components/role-page';
import { readActivityFilters } from '@/lib/activity/activity-filters';
import { ActivityLog } from './activity-log';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activity');
  return { title: t('title') };
}

// Supervisors and admins (contract §15); everyone else is told why (components/role-page.tsx).
export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    if (typeof value === 'string') search.set(key, value);
  return (
    <RolePage namespace="Activity" action="see-activity">
      {() => <ActivityLog filters={readActivityFilters(search)} />}
    </RolePage>
  );
}
