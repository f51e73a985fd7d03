import { useId, type SelectHTMLAttributes } from 'react';
import styles from './text-field.module.css';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly string[];
  /** A first, empty choice ("Choose a type"); the value is '' while it is selected. */
  placeholder?: string;
  error?: string | null;
};

/** A labelled select over plain text options, its error tied to it like TextField's. */
export const SelectField = ({
  label,
  options,
  placeholder,
  error,
  className,
  ...props
}: SelectFieldProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        {...props}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
};
