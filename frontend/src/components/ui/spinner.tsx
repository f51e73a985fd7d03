import { cx } from '@/lib/cx';
import styles from './spinner.module.css';

type SpinnerProps = { size?: 'small' | 'medium' | 'large'; label?: string };

/** Decorative unless given a label, in which case it is announced as a status. */
export const Spinner = ({ size = 'medium', label }: SpinnerProps) => (
  <span
    className={cx(
      styles.spinner,
      size === 'small' && styles.small,
      size === 'large' && styles.large,
    )}
    role={label ? 'status' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
  />
);
