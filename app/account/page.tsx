import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/page-heading';
import { currentPageSession } from '@/lib/server/auth/page-session';
import { SignInPrompt } from '@/components/access-notices';
import { AccountSettings } from './account-settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Account');
  return { title: t('title') };
}

// Everyone signed in (contract §15); without a session, the way to sign in. A temporary password
// shows only the form that replaces it: every other call is refused until then.
export default async function AccountPage() {
  const t = await getTranslations('Account');
  const session = await currentPageSession();
  if (!session) {
    return (
      <>
        <PageHeading title={t('title')} lead={t('lead')} />
        <SignInPrompt title={t('signedOutTitle')} body={t('signedOutBody')} />
      </>
    );
  }
  const { loginId, mustChangePassword } = session.account;
  return (
    <>
      <PageHeading
        title={mustChangePassword ? t('mustChangeTitle') : t('title')}
        lead={mustChangePassword ? t('mustChangeLead') : t('lead')}
      />
      <AccountSettings loginId={loginId} mustChangePassword={mustChangePassword} />
    </>
  );
}
