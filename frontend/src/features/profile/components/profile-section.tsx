import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/cx';
import styles from './profile.module.css';

type ProfileSectionProps = {
  title: string;
  /** Controls beside the title (Edit, Manage Orgs). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** One card of the profile, named by its heading. */
export const ProfileSection = ({ title, actions, children, className }: ProfileSectionProps) => {
  const headingId = useId();
  return (
    <section className={cx(styles.card, className)} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
        {actions ? <div className={styles.cardActions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
};
