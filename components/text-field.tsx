'use client';

import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The message shown under the field and announced with it; none when valid. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  label,
  error,
  inputRef,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // Its own error first, then whatever else describes it (a form-level alert).
  const descriptions = [error ? errorId : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={descriptions || undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
