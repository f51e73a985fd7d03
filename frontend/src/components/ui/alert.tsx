import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './alert.module.css';

type AlertTone = 'error' | 'info' | 'success';

type AlertProps = { tone?: AlertTone; children: ReactNode; className?: string };

/** A filled 20px glyph per tone: an exclamation for errors, an "i" for notes, a check for successes. */
const glyphs: Record<AlertTone, string> = {
  error:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.75a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  info: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-11.25a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z',
  success:
    'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-10.16a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.62-1.62a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l3.75-5.22Z',
};

/**
 * A message box in its tone's colours and glyph. Errors are announced at once (role "alert");
 * successes and notes politely (role "status").
 */
export const Alert = ({ tone = 'error', children, className }: AlertProps) => (
  <div
    className={cx(styles.alert, styles[tone], className)}
    role={tone === 'error' ? 'alert' : 'status'}
    data-tone={tone}
  >
    <svg
      className={styles.icon}
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      data-icon={tone}
    >
      <path fillRule="evenodd" d={glyphs[tone]} />
    </svg>
    <div>{children}</div>
  </div>
);
