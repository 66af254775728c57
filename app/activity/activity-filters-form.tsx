'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  activityPageHref,
  cleanPerson,
  noActivityFilters,
  type ActivityFilters,
} from '@/lib/activity/activity-filters';
import { activityKinds, isActivityKind } from '@/lib/activity/activity-kinds';

/**
 * Person, kind and dates, applied together by the button (or Enter): a select is not applied as
 * its arrow keys go through it. The fields follow the URL when it changes (Back, Clear).
 */
export function ActivityFiltersForm({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
}) {
  const t = useTranslations('Activity');
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId() };
  const personField = useRef<HTMLInputElement>(null);
  const appliedKey = activityPageHref(filters);
  const [draft, setDraft] = useState({ key: appliedKey, filters });
  // New filters from the URL replace what the fields show (adjusted while rendering).
  if (draft.key !== appliedKey) setDraft({ key: appliedKey, filters });
  const shown = draft.filters;
  const edit = (changes: Partial<ActivityFilters>) =>
    setDraft((current) => ({ ...current, filters: { ...current.filters, ...changes } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...shown, person: cleanPerson(shown.person) });
  };
  const filtered = appliedKey !== activityPageHref(noActivityFilters);

  return (
    <form
      className="activity-filters"
      role="search"
      aria-label={t('filtersTitle')}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={ids.person}>{t('person')}</label>
        <input
          id={ids.person}
          ref={personField}
          type="search"
          name="person"
          value={shown.person}
          maxLength={254}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => edit({ person: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.kind}>{t('kind')}</label>
        <select
          id={ids.kind}
          name="kind"
          value={shown.kind}
          onChange={(event) => {
            const kind = event.target.value;
            edit({ kind: isActivityKind(kind) ? kind : '' });
          }}
        >
          <option value="">{t('allKinds')}</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>{t('from')}</label>
        <input
          id={ids.from}
          type="date"
          name="from"
          value={shown.from}
          max={shown.to || undefined}
          onChange={(event) => edit({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>{t('to')}</label>
        <input
          id={ids.to}
          type="date"
          name="to"
          value={shown.to}
          min={shown.from || undefined}
          onChange={(event) => edit({ to: event.target.value })}
        />
      </div>
      <div className="actions activity-filters__actions">
        <button type="submit">{t('apply')}</button>
        {filtered && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              // The button goes with the filters: the focus goes to the first field.
              personField.current?.focus();
              onChange(noActivityFilters);
            }}
          >
            {t('clear')}
          </button>
        )}
      </div>
    </form>
  );
}
