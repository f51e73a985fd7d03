import { type Notifications, serviceHoursTexts } from '@campus/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCalendarDate } from '../utils/format';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;

type HoursDecisionsProps = { decisions: Notifications['hours_decisions'] };

/**
 * The notifications page's service hours section: the decisions on the caller's logged hours of
 * the last 30 days, newest first, each saying whether it was verified, by whom and why
 * (docs/service-hours.md). Nothing shows while there is none.
 */
export const HoursDecisions = ({ decisions }: HoursDecisionsProps) => {
  const headingId = useId();
  if (decisions.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t.notificationsTitle}
      </h2>
      <ul className={styles.notices}>
        {decisions.map((d) => (
          <li key={`${d.log_id}-${d.status}`} className={styles.notice}>
            <Link to={paths.serviceHours.getHref()}>
              {d.status === 'approved'
                ? t.notificationApproved(d.organization_name, d.minutes)
                : t.notificationRejected(d.organization_name, d.minutes)}
            </Link>
            <span className={styles.noticeMeta}>
              <time dateTime={d.date}>{formatCalendarDate(d.date)}</time>
              {d.decided_by_name ? ` · ${t.decidedBy(d.decided_by_name)}` : null}
            </span>
            {d.reason ? <span className={styles.noticeMeta}>{t.reason(d.reason)}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
