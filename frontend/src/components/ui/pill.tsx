import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './pill.module.css';

type PillTone = 'neutral' | 'primary' | 'accent' | 'success';

type PillProps = { tone?: PillTone; children: ReactNode; className?: string };

/** A small rounded label: a status (Host, Friends) or a tag. */
export const Pill = ({ tone = 'neutral', children, className }: PillProps) => (
  <span className={cx(styles.pill, styles[tone], className)}>{children}</span>
);
