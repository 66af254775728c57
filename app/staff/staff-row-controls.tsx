'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, useState } from 'react';
import { roles, type Role } from '@/lib/auth/roles';
import type { StaffAccount } from '@/lib/staff/staff-account';
import type { ActionKind, StaffAction } from './use-staff-admin';

interface RowControlsProps {
  account: StaffAccount;
  /** The action under way on this account, if any. */
  working: ActionKind | undefined;
  onAction: (action: StaffAction) => void;
}

/**
 * The account's role, applied by its own button: an arrow key on a closed select changes its
 * value at once in several browsers, and each would otherwise change the role on the server.
 * A role chosen and not saved is dropped when the account's role changes.
 */
export function RoleControl({ account, working, onAction }: RowControlsProps) {
  const t = useTranslations('StaffAdmin');
  const tRoles = useTranslations('Roles');
  const id = useId();
  const [held, setHeld] = useState<{ chosen: Role; over: Role } | null>(null);
  const chosen = held?.over === account.role ? held.chosen : account.role;
  const saving = working === 'role';
  return (
    <div className="staff-role">
      <label htmlFor={id} className="visually-hidden">
        {t('roleOf', { loginId: account.loginId })}
      </label>
      <select
        id={id}
        value={chosen}
        data-staff-control="role"
        data-login-id={account.loginId}
        onChange={(event) => setHeld({ chosen: event.target.value as Role, over: account.role })}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {tRoles(role)}
          </option>
        ))}
      </select>
      {(chosen !== account.role || saving) && (
        <button
          type="button"
          aria-label={saving ? undefined : t('saveRoleOf', { loginId: account.loginId })}
          aria-disabled={working !== undefined || undefined}
          onClick={() => {
            if (working === undefined) onAction({ kind: 'role', account, role: chosen });
          }}
        >
          {saving ? t('saving') : t('saveRole')}
        </button>
      )}
    </div>
  );
}

/** Disable or enable, reset the password, end the sessions; "Saving…" on the one under way. */
export function RowActions({ account, working, onAction }: RowControlsProps) {
  const t = useTranslations('StaffAdmin');
  const { loginId } = account;
  const toggle = account.status === 'enabled' ? 'disable' : 'enable';
  const button = (kind: 'disable' | 'enable' | 'reset' | 'sessions', control: string) => {
    const label = {
      disable: [t('disable'), t('disableOf', { loginId })],
      enable: [t('enable'), t('enableOf', { loginId })],
      reset: [t('resetPassword'), t('resetPasswordOf', { loginId })],
      sessions: [t('endSessions'), t('endSessionsOf', { loginId })],
    }[kind];
    const busy = working === kind;
    return (
      <button
        type="button"
        className={kind === 'disable' ? 'button-danger' : 'button-secondary'}
        data-staff-control={control}
        data-login-id={loginId}
        // The login id in the name: a list of rows is not a list of identical "Disable" buttons.
        aria-label={busy ? undefined : label[1]}
        // Never `disabled`: the focus would fall out of the row.
        aria-disabled={working !== undefined || undefined}
        onClick={() => {
          if (working === undefined) onAction({ kind, account });
        }}
      >
        {busy ? t('saving') : label[0]}
      </button>
    );
  };
  return (
    <div className="row-actions">
      {button(toggle, 'status')}
      {button('reset', 'reset')}
      {button('sessions', 'sessions')}
    </div>
  );
}

/** In place of the actions on the viewer's own row: their account is changed on /account. */
export function OwnAccountNote() {
  const t = useTranslations('StaffAdmin');
  return (
    <p className="staff-own">
      <span className="status-badge">{t('you')}</span> {t('ownAccount')}{' '}
      <Link href="/account" prefetch={false}>
        {t('ownAccountLink')}
      </Link>
    </p>
  );
}
