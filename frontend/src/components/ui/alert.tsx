import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'info' | 'success';

export type AlertProps = { tone?: AlertTone; children: ReactNode; className?: string };

/** A message box; errors are announced to screen readers as soon as they appear. */
export const Alert = ({ tone = 'error', children, className }: AlertProps) => (
  <div
    className={cx(styles.alert, styles[tone], className)}
    role={tone === 'error' ? 'alert' : 'status'}
  >
    <svg className={styles.icon} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      {tone === 'error' ? (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.75a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        />
      ) : (
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-11.25a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z"
        />
      )}
    </svg>
    <div>{children}</div>
  </div>
);
