'use client';

import { useTranslations } from 'next-intl';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import type { StaffAccount } from '@/lib/staff/staff-account';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { OwnAccountNote, RoleControl, RowActions } from './staff-row-controls';
import type { ActionKind, StaffAction } from './use-staff-admin';

interface StaffListProps {
  accounts: readonly StaffAccount[];
  /** The admin looking: their own row has no actions (nobody disables or demotes themselves). */
  viewerLoginId: string;
  working: Readonly<Record<string, ActionKind>>;
  onAction: (action: StaffAction) => void;
}

/** The accounts: a table when wide, cards at 700px and below (no sideways scrolling). */
export function StaffList({ accounts, viewerLoginId, working, onAction }: StaffListProps) {
  const t = useTranslations('StaffAdmin');
  const tRoles = useTranslations('Roles');
  const formatDateTime = useFormatDateTime();
  const isMobile = useIsMobile();

  const cells = (account: StaffAccount) => {
    const own = account.loginId === viewerLoginId;
    const controls = { account, working: working[account.loginId], onAction };
    return {
      own,
      role: own ? tRoles(account.role) : <RoleControl {...controls} />,
      status: (
        <>
          <span className="status-badge" data-status={account.status}>
            {t(account.status)}
          </span>
          {account.mustChangePassword && (
            <span className="staff-temporary">{t('temporaryPassword')}</span>
          )}
        </>
      ),
      lastSignIn: account.lastSignInAt ? (
        <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt)}</time>
      ) : (
        t('never')
      ),
      sessions: t('sessionCount', { count: account.openSessions }),
      actions: own ? <OwnAccountNote /> : <RowActions {...controls} />,
    };
  };

  if (isMobile) {
    return (
      <ul className="staff-cards">
        {accounts.map((account) => {
          const row = cells(account);
          return (
            <li key={account.loginId} className="staff-card" data-staff-row={account.loginId}>
              <h3 className="staff-card__title">
                {account.displayName} <span className="staff-login">{account.loginId}</span>
              </h3>
              <dl>
                <div>
                  <dt>{t('role')}</dt>
                  <dd>{row.role}</dd>
                </div>
                <div>
                  <dt>{t('status')}</dt>
                  <dd>{row.status}</dd>
                </div>
                <div>
                  <dt>{t('lastSignIn')}</dt>
                  <dd>{row.lastSignIn}</dd>
                </div>
                <div>
                  <dt>{t('openSessions')}</dt>
                  <dd>{row.sessions}</dd>
                </div>
              </dl>
              {row.actions}
            </li>
          );
        })}
      </ul>
    );
  }

  // Between a phone and a wide screen the table may need more room than the card has: it
  // scrolls inside the card, never the page.
  return (
    <div className="staff-table__scroll">
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t('loginId')}</th>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('role')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('lastSignIn')}</th>
            <th scope="col">{t('openSessions')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const row = cells(account);
            return (
              <tr
                key={account.loginId}
                data-own={row.own || undefined}
                data-staff-row={account.loginId}
              >
                <th scope="row" className="staff-login">
                  {account.loginId}
                </th>
                <td className="staff-name">{account.displayName}</td>
                <td>{row.role}</td>
                <td>{row.status}</td>
                <td>{row.lastSignIn}</td>
                <td>{row.sessions}</td>
                <td>{row.actions}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
