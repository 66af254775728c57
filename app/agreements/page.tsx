import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/page-heading';
import { pageLimit } from '@/lib/agreements/agreement';
import { readListParams } from '@/lib/agreements/list-params';
import { listQuerySchema } from '@/lib/server/agreements/agreement-input';
import { listAgreements } from '@/lib/server/agreements/list';
import { currentPageSession } from '@/lib/server/auth/page-session';
import { database } from '@/lib/server/db/connection';
import { AgreementsReview } from './agreements-review';
import { SignInPrompt } from './sign-in-prompt';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Agreements');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// No page guard: the page renders for anyone (every data call checks the session itself); without
// a session it shows how to sign in instead of data. With one, the page the URL names is read here
// and rendered with the HTML.
export default async function AgreementsPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('Agreements');
  const session = await currentPageSession();
  const heading = <PageHeading title={t('title')} lead={t('lead')} />;
  if (!session) {
    return (
      <>
        {heading}
        <SignInPrompt />
      </>
    );
  }

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    if (typeof value === 'string') search.set(key, value);
  const params = readListParams(search);
  const query = listQuerySchema.safeParse({
    status: params.status,
    q: params.q || undefined,
    cursor: params.cursor ?? undefined,
    limit: pageLimit.default,
  });
  const page = query.success ? await listAgreements(await database(), query.data) : null;
  return (
    <>
      {heading}
      <AgreementsReview
        viewer={{ loginId: session.account.loginId, displayName: session.account.displayName }}
        params={params}
        page={page}
      />
    </>
  );
}
