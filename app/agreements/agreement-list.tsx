'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { useClock } from '@/lib/i18n/use-clock';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';

export type RowAction = { kind: Decision | 'history'; agreement: Agreement };

interface AgreementListProps {
  items: readonly Agreement[];
  saving: Readonly<Record<string, Decision>>;
  /** Rows someone else decided since the page was loaded: no more decisions from here. */
  changedElsewhere: ReadonlySet<string>;
  onAction: (action: RowAction) => void;
}

/** The agreements of one page: a table when wide, cards at 700px and below. */
export function AgreementList({ items, saving, changedElsewhere, onAction }: AgreementListProps) {
  const t = useTranslations('AgreementsReview');
  const tStatus = useTranslations('AgreementStatus');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const now = useClock();
  const isMobile = useIsMobile();

  const age = (agreement: Agreement) => (
    <time
      dateTime={agreement.closedAt}
      title={format.dateTime(new Date(agreement.closedAt), {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}
    >
      {format.relativeTime(new Date(agreement.closedAt), now)}
    </time>
  );

  const status = (agreement: Agreement) => {
    if (agreement.id in saving)
      return (
        <span className="status-badge" data-status="saving">
          {t('saving')}
        </span>
      );
    return (
      <>
        <span className="status-badge" data-status={agreement.status}>
          {tStatus(agreement.status)}
        </span>
        {changedElsewhere.has(agreement.id) && (
          <span className="decided-by" data-changed-elsewhere>
            {t('changedElsewhere')}
          </span>
        )}
        {agreement.decidedAt && agreement.decidedByName && (
          <span className="decided-by">
            {t('decidedBy', {
              status: agreement.status,
              name: agreement.decidedByName,
              time: format.dateTime(new Date(agreement.decidedAt), {
                dateStyle: 'short',
                timeStyle: 'short',
              }),
            })}
          </span>
        )}
      </>
    );
  };

  const actions = (agreement: Agreement) => {
    const label = `${agreement.lotTitle} (${agreement.buyer})`;
    const pending =
      agreement.status === 'pending' &&
      !(agreement.id in saving) &&
      !changedElsewhere.has(agreement.id);
    return (
      <div className="row-actions">
        {pending && (
          <>
            <button
              type="button"
              aria-label={`${t('approve')}: ${label}`}
              onClick={() => onAction({ kind: 'approve', agreement })}
            >
              {t('approve')}
            </button>
            <button
              type="button"
              className="button-danger"
              aria-label={`${t('reject')}: ${label}`}
              onClick={() => onAction({ kind: 'reject', agreement })}
            >
              {t('reject')}
            </button>
          </>
        )}
        <button
          type="button"
          className="button-secondary"
          aria-label={`${t('history')}: ${label}`}
          data-row-action="history"
          onClick={() => onAction({ kind: 'history', agreement })}
        >
          {t('history')}
        </button>
      </div>
    );
  };

  const lot = (agreement: Agreement) => (
    <>
      <span className="agreement-lot">{agreement.lotTitle}</span>
      <span className="agreement-meta">
        {t('lotMeta', { lotId: agreement.lotId, auctionId: agreement.auctionId })}
      </span>
    </>
  );

  if (isMobile) {
    return (
      <ul className="agreement-cards">
        {items.map((agreement) => (
          <li key={agreement.id} className="agreement-card" data-agreement-id={agreement.id}>
            <p className="agreement-card__title">{lot(agreement)}</p>
            <dl>
              <div>
                <dt>{t('buyer')}</dt>
                <dd>{agreement.buyer}</dd>
              </div>
              <div>
                <dt>{t('amount')}</dt>
                <dd>{formatMoney(agreement.amount, agreement.currency)}</dd>
              </div>
              <div>
                <dt>{t('age')}</dt>
                <dd>{age(agreement)}</dd>
              </div>
              <div>
                <dt>{t('state')}</dt>
                <dd>{status(agreement)}</dd>
              </div>
            </dl>
            {actions(agreement)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <table className="agreement-table">
      <thead>
        <tr>
          <th scope="col">{t('lot')}</th>
          <th scope="col">{t('buyer')}</th>
          <th scope="col" className="numeric">
            {t('amount')}
          </th>
          <th scope="col">{t('age')}</th>
          <th scope="col">{t('state')}</th>
          <th scope="col">{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((agreement) => (
          <tr key={agreement.id} data-agreement-id={agreement.id}>
            <th scope="row">{lot(agreement)}</th>
            <td>{agreement.buyer}</td>
            <td className="numeric">{formatMoney(agreement.amount, agreement.currency)}</td>
            <td>{age(agreement)}</td>
            <td>{status(agreement)}</td>
            <td>{actions(agreement)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
