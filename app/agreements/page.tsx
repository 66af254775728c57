import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { PageHeading } from '@/components/page-heading';
import { pageLimit } from '@/lib/agreements/agreement';
import { readListParams, type ListParams } from '@/lib/agreements/list-params';
import { listQuerySchema } from '@/lib/server/agreements/agreement-input';
import { listAgreements } from '@/lib/server/agreements/list';
import { currentPageSession, requirePasswordChanged } from '@/lib/server/auth/page-session';
import { database } from '@/lib/server/db/connection';
import { listSales } from '@/lib/server/sales/list';
import { findSaleReport } from '@/lib/server/sales/report';
import { AgreementsReview } from './agreements-review';
import { SaleReport } from './sale-report';
import { SignInPrompt } from './sign-in-prompt';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function readParams(searchParams: SearchParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    if (typeof value === 'string') search.set(key, value);
  return { params: readListParams(search), report: search.get('view') === 'report' };
}

/** The catalogue's sales, read once per request (the title and the page both name the sale). */
const salesOfThisRequest = cache(async () => listSales(await database()));

/**
 * The heading and the title say what the filter shows: its status, and its sale if any, by its
 * title and id for signed-in staff (a signed-out visitor's page reads no catalogue: the id alone).
 */
async function filteredTitle(params: ListParams): Promise<string> {
  const t = await getTranslations('Agreements');
  if (!params.sale) return t('titleFiltered', { status: params.status, scope: 'all', sale: '' });
  const title = (await currentPageSession())
    ? (await salesOfThisRequest()).find((sale) => sale.auctionId === params.sale)?.saleTitle
    : undefined;
  const sale =
    title && title !== params.sale ? t('saleNamed', { title, id: params.sale }) : params.sale;
  return t('titleFiltered', { status: params.status, scope: 'sale', sale });
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return { title: await filteredTitle((await readParams(searchParams)).params) };
}

// No page guard: the page renders for anyone (every data call checks the session itself); without
// a session it shows how to sign in instead of data. With one, the page the URL names is read here
// and rendered with the HTML; `view=report` with a sale shows that sale's report instead.
export default async function AgreementsPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations('Agreements');
  const tReport = await getTranslations('SaleReport');
  const session = await currentPageSession();
  requirePasswordChanged(session);
  const { params, report } = await readParams(searchParams);
  const heading = <PageHeading title={await filteredTitle(params)} lead={t('lead')} />;
  if (!session) {
    return (
      <>
        {heading}
        <SignInPrompt />
      </>
    );
  }

  const db = await database();
  if (report && params.sale) {
    const found = await findSaleReport(db, params.sale);
    if (found) {
      return (
        <SaleReport
          report={found}
          generatedAt={new Date().toISOString()}
          backHref={`/agreements?sale=${encodeURIComponent(params.sale)}`}
        />
      );
    }
  }

  const query = listQuerySchema.safeParse({
    status: params.status,
    sale: params.sale || undefined,
    q: params.q || undefined,
    sort: params.sort,
    cursor: params.cursor ?? undefined,
    limit: pageLimit.default,
  });
  const [page, sales] = await Promise.all([
    query.success ? listAgreements(db, query.data) : null,
    salesOfThisRequest(),
  ]);
  return (
    <>
      {heading}
      {report && params.sale && (
        <div className="notice" data-kind="no-report" role="status">
          <p>{tReport('noReport')}</p>
        </div>
      )}
      <AgreementsReview
        viewer={{
          loginId: session.account.loginId,
          displayName: session.account.displayName,
          role: session.account.role,
        }}
        params={params}
        page={page}
        sales={sales.map(({ auctionId, saleTitle }) => ({ auctionId, saleTitle }))}
      />
    </>
  );
}
