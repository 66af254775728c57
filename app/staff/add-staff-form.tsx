'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '@/components/text-field';
import { defaultRole, isRole, roles } from '@/lib/auth/roles';
import type { NewStaffAccount } from '@/lib/staff/staff-account';
import type { ActionResult } from './use-staff-admin';

type FieldProblems = { loginId?: 'required' | 'taken'; displayName?: 'required' };

/**
 * Login id, name and role of a new account; the server makes its temporary password. Cleared
 * once added; a login id already taken is said by its field, with the focus there.
 */
export function AddStaffForm({
  onAdd,
  notice,
}: {
  onAdd: (account: NewStaffAccount) => Promise<ActionResult>;
  /** What became of the last addition, when it failed (with "Try again"). */
  notice: ReactNode;
}) {
  const t = useTranslations('StaffAdmin');
  const tRoles = useTranslations('Roles');
  const roleId = useId();
  const loginIdField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const loginId = String(data.get('loginId') ?? '').trim();
    const displayName = String(data.get('displayName') ?? '').trim();
    const role = data.get('role');
    const found: FieldProblems = {
      ...(loginId === '' && { loginId: 'required' }),
      ...(displayName === '' && { displayName: 'required' }),
    };
    setProblems(found);
    if (found.loginId || found.displayName) {
      (found.loginId ? loginIdField : nameField).current?.focus();
      return;
    }
    setBusy(true);
    const result = await onAdd({ loginId, displayName, role: isRole(role) ? role : defaultRole });
    setBusy(false);
    if (result === 'done') form.reset();
    if (result === 'taken') {
      setProblems({ loginId: 'taken' });
      loginIdField.current?.focus();
      loginIdField.current?.select();
    }
  };

  return (
    <section className="card" aria-labelledby="add-staff-title">
      <h2 id="add-staff-title">{t('addTitle')}</h2>
      <p className="field-hint">{t('addLead')}</p>
      <form className="add-staff" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField
          label={t('addLoginId')}
          inputRef={loginIdField}
          name="loginId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
          data-staff-control="add"
          error={
            problems.loginId === 'taken'
              ? t('loginIdTaken')
              : problems.loginId
                ? t('loginIdRequired')
                : null
          }
        />
        <TextField
          label={t('addName')}
          inputRef={nameField}
          name="displayName"
          autoComplete="off"
          maxLength={200}
          required
          error={problems.displayName ? t('nameRequired') : null}
        />
        <div className="field">
          <label htmlFor={roleId}>{t('addRole')}</label>
          <select id={roleId} name="role" defaultValue={defaultRole}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {tRoles(role)}
              </option>
            ))}
          </select>
        </div>
        <div className="add-staff__submit">
          {/* Not `disabled` while it is sent: the focus would fall out of the form. */}
          <button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('adding') : t('addSubmit')}
          </button>
        </div>
      </form>
      {notice}
    </section>
  );
}
