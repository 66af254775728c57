import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { PageHeading } from '@/components/page-heading';
import { can } from '@/lib/auth/roles';
import { currentPageSession } from '@/lib/server/auth/page-session';
import { RoleNotice, SignInPrompt } from '@/components/access-notices';
import { StaffAdmin } from './staff-admin';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('StaffAdmin');
  return { title: t('title') };
}

// No page guard, as /agreements: the page answers for anyone and says what they may do here;
// every call of the screen checks the session and the role itself (admins only, contract §15).
export default async function StaffPage() {
  const t = await getTranslations('StaffAdmin');
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
  if (!can(session.account.role, 'manage-staff')) {
    return (
      <>
        {heading}
        <RoleNotice title={t('adminsOnlyTitle')} body={t('adminsOnlyBody')} />
      </>
    );
  }
  return (
    <>
      {heading}
      <StaffAdmin
        viewerLoginId={session.account.loginId}
        passwordEnteredAt={session.authenticatedAt.toISOString()}
      />
    </>
  );
}
