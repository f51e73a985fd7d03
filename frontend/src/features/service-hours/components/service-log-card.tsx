import { type ServiceLog, type ServiceLogStatus, serviceHoursTexts } from '@campus/contracts';
import type { ReactNode } from 'react';
import { Pill } from '@/components/ui/pill';
import { formatCalendarDate, organizationLabel, safePhotoUrl } from '../utils/format';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;

const statusTones = {
  pending: 'accent',
  approved: 'success',
  rejected: 'neutral',
} as const satisfies Record<ServiceLogStatus, 'accent' | 'success' | 'neutral'>;

/** A log's status in words (its colour only repeats them). */
export const StatusBadge = ({ status }: { status: ServiceLogStatus }) => (
  <Pill tone={statusTones[status]}>{serviceHoursTexts.statuses[status]}</Pill>
);

type ServiceLogCardProps = {
  log: ServiceLog;
  /** The card's heading: the organization for the student, who logged it for a verifier. */
  heading: ReactNode;
  headingId: string;
  /** 2 on the verifiers' page (its logs are its sections), 3 under the student's list heading. */
  headingLevel: 2 | 3;
  /** Shown under the heading (the status, or who logged it). */
  badge?: ReactNode;
  /** Whether the verifier's name and email show (verifiers need them; the student typed them). */
  showVerifier: boolean;
  children?: ReactNode;
};

/**
 * One log: its organization, date, time served, cause, what was done, its photo, and once decided
 * who decided and why. Personal fields are absent once the student is erased.
 */
export const ServiceLogCard = ({
  log,
  heading,
  headingId,
  headingLevel,
  badge,
  showVerifier,
  children,
}: ServiceLogCardProps) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const organization = organizationLabel(log);
  const photo = safePhotoUrl(log.photo);
  return (
    <article className={styles.log} aria-labelledby={headingId}>
      <div className={styles.logHeader}>
        <Heading id={headingId} className={styles.logTitle} tabIndex={-1}>
          {heading}
        </Heading>
        {badge}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t.organization}</dt>
          <dd>{organization}</dd>
        </div>
        <div>
          <dt>{t.date}</dt>
          <dd>
            <time dateTime={log.date}>{formatCalendarDate(log.date)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.duration}</dt>
          <dd>{serviceHoursTexts.minutes(log.minutes)}</dd>
        </div>
        <div>
          <dt>{t.cause}</dt>
          <dd>{log.cause}</dd>
        </div>
        {showVerifier && log.verifier_name ? (
          <div>
            <dt>{t.verifierName}</dt>
            <dd>{log.verifier_name}</dd>
          </div>
        ) : null}
        {showVerifier && log.verifier_email ? (
          <div>
            <dt>{t.verifierEmail}</dt>
            <dd>
              <a href={`mailto:${log.verifier_email}`}>{log.verifier_email}</a>
            </dd>
          </div>
        ) : null}
      </dl>
      {log.description ? <p className={styles.description}>{log.description}</p> : null}
      {photo ? (
        <a href={photo} target="_blank" rel="noreferrer" className={styles.photo}>
          <img src={photo} alt={t.photoAlt(organization)} loading="lazy" />
        </a>
      ) : null}
      {log.status !== 'pending' && (log.decided_by_name || log.reason) ? (
        <div className={styles.decision}>
          {log.decided_by_name ? (
            <p>
              {serviceHoursTexts.statuses[log.status]} {t.decidedBy(log.decided_by_name)}
            </p>
          ) : null}
          {log.reason ? <p className={styles.description}>{t.reason(log.reason)}</p> : null}
        </div>
      ) : null}
      {children}
    </article>
  );
};
