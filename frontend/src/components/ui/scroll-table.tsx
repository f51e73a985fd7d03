import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './scroll-table.module.css';

type ScrollTableProps = {
  /** The region's name for screen readers, as given (callers word it). */
  label: string;
  /** More classes for the region (a card around the table, say). */
  className?: string;
  /** The table. */
  children: ReactNode;
};

/**
 * A table wider than the screen scrolls sideways inside this region instead of widening the page.
 * The region takes focus so keyboard users can scroll it too, and has a name so screen readers
 * announce what it holds.
 */
export const ScrollTable = ({ label, className, children }: ScrollTableProps) => (
  <div className={cx(styles.scroll, className)} role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
