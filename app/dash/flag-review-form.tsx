'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import type { FlagState, ReviewOutcome } from '@/lib/sale-desk/flags/flag-review';
import { sendFlagReview } from '@/lib/sales/flags-api';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';

const noteMax = 500;

type Problem =
  | { kind: 'conflict'; state: FlagState }
  | { kind: 'forbidden' }
  | { kind: 'failed'; error: unknown };

/**
 * A flag's review (docs/product-contract.md §14): a button per move the viewer's role may make;
 * the chosen one opens a note (required) and sends it. The flag the server answers (or the one
 * someone else's review left) goes to `onReviewed`; a failure keeps the note and says why, the
 * same button sends it again.
 */
export function FlagReviewForm({
  flagId,
  flagLabel,
  choices,
  onSending,
  onReviewed,
  onFailed,
}: {
  flagId: string;
  /** The flag's heading, named by each button ("Clear: self-raise · Lot 12"). */
  flagLabel: string;
  choices: readonly ReviewOutcome[];
  /** A review is on its way: the flag will change (the panel keeps the focus through it). */
  onSending: (flagId: string, outcome: ReviewOutcome) => void;
  onReviewed: (flag: RecordedFlag) => void;
  onFailed: (flagId: string) => void;
}) {
  const t = useTranslations('SaleDesk');
  const errorText = useApiErrorText();
  const noteId = useId();
  const [chosen, setChosen] = useState<ReviewOutcome | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (chosen) noteField.current?.focus();
  }, [chosen]);

  // A note being written stays, even if someone else's review took its moves away meanwhile:
  // sending it then says so (409).
  if (choices.length === 0 && !problem && chosen === null) return null;

  function cancel() {
    setChosen(null);
    setProblem(null);
    // Back to the button that opened the note.
    requestAnimationFrame(() => opener.current?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || saving || note.trim() === '') return;
    setSaving(true);
    setProblem(null);
    onSending(flagId, chosen);
    const answer = await sendFlagReview(flagId, chosen, note.trim());
    setSaving(false);
    if (answer.outcome === 'reviewed') {
      setChosen(null);
      setNote('');
      onReviewed(answer.flag);
    } else if (answer.outcome === 'conflict') {
      setChosen(null);
      setProblem({ kind: 'conflict', state: answer.flag.state });
      onReviewed(answer.flag);
    } else {
      onFailed(flagId);
      setProblem(
        answer.outcome === 'forbidden'
          ? { kind: 'forbidden' }
          : { kind: 'failed', error: answer.error },
      );
    }
  }

  return (
    <div className="flag-review">
      {problem && (
        <p className="flag-review__problem" role="alert">
          {problem.kind === 'conflict'
            ? t('flagReviewConflict', { state: problem.state })
            : problem.kind === 'forbidden'
              ? t('flagReviewForbidden')
              : t('flagReviewFailed', { reason: errorText(problem.error) })}
        </p>
      )}
      {chosen === null ? (
        <div className="flag-review__choices">
          {choices.map((outcome) => (
            <button
              key={outcome}
              type="button"
              className="button-secondary"
              data-testid={`flag-${outcome === 'cleared' ? 'clear' : 'escalate'}`}
              aria-label={t('flagReviewActionLabel', { outcome, flag: flagLabel })}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setProblem(null);
                setChosen(outcome);
              }}
            >
              {t('flagReviewAction', { outcome })}
            </button>
          ))}
        </div>
      ) : (
        <form className="flag-review__form" onSubmit={submit} aria-busy={saving || undefined}>
          <label htmlFor={noteId}>{t('flagNote')}</label>
          <textarea
            id={noteId}
            ref={noteField}
            name="note"
            required
            maxLength={noteMax}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancel();
            }}
          />
          <div className="flag-review__buttons">
            <button type="submit" disabled={saving || note.trim() === ''}>
              {saving ? t('flagReviewSaving') : t('flagReviewSubmit', { outcome: chosen })}
            </button>
            <button type="button" className="button-secondary" onClick={cancel}>
              {t('flagReviewCancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
