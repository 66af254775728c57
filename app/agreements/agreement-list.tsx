'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { mayApprove } from '@/lib/agreements/approval';
import type { Viewer } from '@/lib/agreements/use-agreement-review';
import { can } from '@/lib/auth/roles';
import { useClock } from '@/lib/i18n/use-clock';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { isDecidable, isSettledRow } from '@/lib/agreements/row-state';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import type { RowOutcome } from '@/lib/agreements/bulk-outcome';
import { FlagsBadge } from './flags-badge';

export type RowAction = { kind: Decision | 'reopen' | 'history'; agreement: Agreement };

interface AgreementListProps {
  items: readonly Agreement[];
  saving: Readonly<Record<string, Decision>>;
  /** Rows someone else decided since the page was loaded: no more decisions from here. */
  changedElsewhere: ReadonlySet<string>;
  viewer: Viewer;
  /** Rows selected for a bulk decision. */
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  /** The last bulk decision's outcome, by row. */
  outcomes: Readonly<Record<string, RowOutcome>>;
  onAction: (action: RowAction) => void;
}

/** The agreements of one page: a table when wide, cards at 700px and below. */
export function AgreementList({
  items,
  saving,
  changedElsewhere,
  viewer,
  selected,
  onSelect,
  outcomes,
  onAction,
}: AgreementListProps) {
  const t = useTranslations('AgreementsReview');
  const tStatus = useTranslations('AgreementStatus');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const now = useClock();
  const isMobile = useIsMobile();
  const rowContext = { saving, changedElsewhere };

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
        {agreement.status === 'pending' && agreement.requiredApprovals === 2 && (
          <span className="decided-by" data-approvals={agreement.approvals.length}>
            {t('approvals', { count: agreement.approvals.length, required: 2 })}
            {agreement.approvals[0] &&
              ` · ${t('firstApprovalBy', { name: agreement.approvals[0].byName })}`}
          </span>
        )}
        {outcomeOf(agreement) && (
          <span className="row-outcome" data-outcome={outcomeOf(agreement)}>
            {t('outcome', { outcome: outcomeOf(agreement) ?? '' })}
          </span>
        )}
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
    const pending = isDecidable(agreement, rowContext);
    const approvable = pending && mayApprove(agreement, viewer);
    const reopenable =
      agreement.status !== 'pending' &&
      isSettledRow(agreement, rowContext) &&
      can(viewer.role, 'reopen');
    return (
      <div className="row-actions">
        {pending && !approvable && (
          <span className="decided-by">
            {agreement.approvals.some((approval) => approval.by === viewer.loginId)
              ? t('waitingOther')
              : t('waitingSupervisor')}
          </span>
        )}
        {pending && (
          <>
            {approvable && (
              <button
                type="button"
                aria-label={`${t('approve')}: ${label}`}
                onClick={() => onAction({ kind: 'approve', agreement })}
              >
                {t('approve')}
              </button>
            )}
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
        {reopenable && (
          <button
            type="button"
            className="button-secondary"
            aria-label={`${t('reopen')}: ${label}`}
            onClick={() => onAction({ kind: 'reopen', agreement })}
          >
            {t('reopen')}
          </button>
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

  const outcomeOf = (agreement: Agreement): RowOutcome | undefined => outcomes[agreement.id];

  /** A pending row's box for the bulk decision; an empty cell keeps the columns in place. */
  const selectBox = (agreement: Agreement) =>
    isDecidable(agreement, rowContext) || selected.has(agreement.id) ? (
      <input
        type="checkbox"
        className="row-select"
        aria-label={t('select', { lot: `${agreement.lotTitle} (${agreement.buyer})` })}
        checked={selected.has(agreement.id)}
        disabled={agreement.id in saving}
        onChange={(event) => onSelect(agreement.id, event.target.checked)}
      />
    ) : null;

  const lot = (agreement: Agreement) => (
    <>
      <span className="agreement-lot">{agreement.lotTitle}</span>
      <span className="agreement-meta">
        {agreement.lotNumber != null && agreement.saleTitle != null
          ? t('lotInSale', { number: agreement.lotNumber, sale: agreement.saleTitle })
          : // A lot the catalogue lacks: its ids are all there is to go by.
            t('lotMeta', { lotId: agreement.lotId, auctionId: agreement.auctionId })}
      </span>
      <FlagsBadge agreement={agreement} />
    </>
  );

  if (isMobile) {
    return (
      <ul className="agreement-cards">
        {items.map((agreement) => (
          <li key={agreement.id} className="agreement-card" data-agreement-id={agreement.id}>
            <div className="agreement-card__title lot-cell">
              {selectBox(agreement)}
              <p>{lot(agreement)}</p>
            </div>
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
            <th scope="row">
              <div className="lot-cell">
                {selectBox(agreement)}
                <div>{lot(agreement)}</div>
              </div>
            </th>
            <td className="agreement-buyer">{agreement.buyer}</td>
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
