import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageHeading } from '@/components/page-heading';
import { currentPageSession } from '@/lib/server/auth/page-session';
import { AgreementsReview } from './agreements-review';
import { SignInPrompt } from './sign-in-prompt';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Agreements');
  return { title: t('title') };
}

// No page guard (SPEC 2): the page renders for anyone; without a session it shows how to sign in
// instead of data, and every data call checks the session again.
export default async function AgreementsPage() {
  const t = await getTranslations('Agreements');
  const session = await currentPageSession();
  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      {session ? (
        <Suspense>
          <AgreementsReview
            viewer={{
              loginId: session.account.loginId,
              displayName: session.account.displayName,
            }}
          />
        </Suspense>
      ) : (
        <SignInPrompt />
      )}
    </>
  );
}
