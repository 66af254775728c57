import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { RoleNotice, SignInPrompt } from '@/components/access-notices';
import { PageHeading } from '@/components/page-heading';
import { readActivityFilters } from '@/lib/activity/activity-filters';
import { can } from '@/lib/auth/roles';
import { currentPageSession } from '@/lib/server/auth/page-session';
import { ActivityLog } from './activity-log';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activity');
  return { title: t('title') };
}

// No page guard, as /agreements: the page answers for anyone and says what they may do here; the
// log's calls check the session and the role themselves (supervisors and admins, contract §15).
export default async function ActivityPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('Activity');
  const session = await currentPageSession();
  const heading = <PageHeading title={t('title')} lead={t('lead')} />;
  if (!session) {
    return (
      <>
        {heading}
        <SignInPrompt title={t('signedOutTitle')} body={t('signedOutBody')} />
      </>
    );
  }
  // A temporary password is replaced before anything else.
  if (session.account.mustChangePassword) redirect('/account');
  if (!can(session.account.role, 'see-activity')) {
    return (
      <>
        {heading}
        <RoleNotice title={t('rolesOnlyTitle')} body={t('rolesOnlyBody')} />
      </>
    );
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    if (typeof value === 'string') search.set(key, value);
  return (
    <>
      {heading}
      <ActivityLog filters={readActivityFilters(search)} />
    </>
  );
}
