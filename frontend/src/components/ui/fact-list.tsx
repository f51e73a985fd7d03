import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './fact-list.module.css';

/**
 * An opportunity's facts as a description list, label (with its icon) beside value: the
 * students' sign-up card and the host's 'At a glance' card both draw theirs with it.
 */
export const FactList = ({ children, compact }: { children: ReactNode; compact?: boolean }) => (
  <dl className={cx(styles.list, compact && styles.compact)}>{children}</dl>
);

type FactProps = {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  'data-testid'?: string;
};

export const Fact = ({ icon, label, children, 'data-testid': testId }: FactProps) => (
  <div className={styles.fact}>
    <dt>
      {icon}
      {label}
    </dt>
    <dd data-testid={testId}>{children}</dd>
  </div>
);
