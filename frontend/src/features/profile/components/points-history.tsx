import { texts, type PointsHistory as History, serviceHoursTexts } from '@campus/contracts';
import { Suspense, lazy, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import { usePointsHistory } from '../api/get-points-history';
import { formatCalendarDate, formatChange, formatShortMonth } from '../utils/format';
import { pointsPerMonth } from '../utils/points-per-month';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

// The charting library loads only when a history with points is shown.
const PointsChart = lazy(() =>
  import('./points-chart').then((module) => ({ default: module.PointsChart })),
);

const t = texts.profile.history;

type Entry = History['entries'][number];

const hoursTexts = serviceHoursTexts;

/**
 * Logged service (docs/service-hours.md): its organization, minutes and who verified it; it names
 * no opportunity.
 */
const LoggedCauseText = ({ logged }: { logged: NonNullable<Entry['logged']> }) => (
  <>
    <span className={styles.reason}>{hoursTexts.ui.historyLogged(logged.organization_name)}</span>{' '}
    <span className={styles.muted}>
      {hoursTexts.minutes(logged.minutes)}
      {logged.verified_by_name
        ? `, ${hoursTexts.ui.historyVerifiedBy(logged.verified_by_name)}`
        : null}
    </span>
  </>
);

const CauseText = ({ entry }: { entry: Entry }) =>
  entry.logged ? (
    <LoggedCauseText logged={entry.logged} />
  ) : (
    <>
      <span className={styles.reason}>
        {entry.reason === 'attendance'
          ? t.attendance
          : entry.reason === 'first_signup_bonus'
            ? t.firstSignupBonus
            : hoursTexts.ui.loggedHours}
      </span>{' '}
      {entry.opportunity_name && entry.opportunity_id ? (
        <Link to={paths.opportunity.getHref(entry.opportunity_id)}>{entry.opportunity_name}</Link>
      ) : (
        <span className={styles.muted}>{t.unknownOpportunity}</span>
      )}
    </>
  );

type PointsHistorySectionProps = { userId: string };

/**
 * The point ledger (owner and admins): a chart of points per month and every line, newest first
 * by the opportunity's date (docs/product-rules.md), with its date, cause, change and the running
 * total counting it.
 */
export const PointsHistorySection = ({ userId }: PointsHistorySectionProps) => {
  const history = usePointsHistory(userId, true);
  const entries = history.data?.entries;
  const months = useMemo(() => pointsPerMonth(entries ?? []), [entries]);
  // In the server's order: newest first, each total the one below plus its change.
  const newestFirst = entries ?? [];

  return (
    <ProfileSection title={t.title} className={styles.wide}>
      {history.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : history.isError ? (
        <Alert>{t.loadFailed}</Alert>
      ) : newestFirst.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <div className={styles.history}>
          <figure className={styles.chart}>
            <figcaption className={styles.chartTitle}>{t.chartTitle}</figcaption>
            {/* The fallback holds the chart's height, so nothing below moves when it arrives. */}
            <Suspense
              fallback={
                <div className={styles.chartPlaceholder}>
                  <Spinner label={t.chartLoading} />
                </div>
              }
            >
              <PointsChart
                months={months}
                label={t.chartLabel(
                  months
                    .map((m) => `${formatShortMonth(m.month)} ${t.points(m.points)}`)
                    .join(', '),
                )}
              />
            </Suspense>
          </figure>
          <div className={styles.ledgerScroll}>
            <table className={styles.ledger}>
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.cause}</th>
                  <th scope="col" className={styles.number}>
                    {t.change}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {newestFirst.map((entry) => (
                  <tr key={entry.id}>
                    <td className={styles.nowrap}>{formatCalendarDate(entry.opportunity_date)}</td>
                    <td>
                      <CauseText entry={entry} />
                    </td>
                    <td
                      className={cx(styles.number, entry.change >= 0 ? styles.gain : styles.loss)}
                    >
                      {formatChange(entry.change)}
                    </td>
                    <td className={styles.number}>{entry.running_total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </ProfileSection>
  );
};
