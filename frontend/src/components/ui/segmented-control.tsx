import { useId } from 'react';
import { cx } from '@/lib/cx';
import styles from './segmented-control.module.css';

type SegmentedOption<V extends string> = { value: V; label: string };

type SegmentedControlProps<V extends string> = {
  /** The group's name for assistive technology (shown only to it). */
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
};

/** A radio group drawn as joined buttons: one choice out of a few (arrow keys move between them). */
export const SegmentedControl = <V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<V>) => {
  const name = useId();
  return (
    <fieldset className={cx(styles.group, className)}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            // A click on the checked option still tells the parent (it may retry a failed load).
            onClick={() => {
              if (option.value === value) onChange(option.value);
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
};
