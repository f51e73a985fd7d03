import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string | null;
  /**
   * Reads the error out as soon as it appears (role="alert"): for a single field whose check runs
   * on submit, where the person's focus is on the submit button, not on the field.
   */
  announceError?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose hint and error are tied to it for assistive technology. */
export const TextField = ({
  label,
  hint,
  error,
  announceError = false,
  className,
  ...props
}: TextFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...props}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
};
