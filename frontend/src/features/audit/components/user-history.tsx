import { texts, type AuditPointsHistory, adminTexts, serviceHoursTexts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useAuditedUser, useUserHistory } from '../api/get-user-history';
import { formatCalendarDate, formatChange, formatEasternInstant } from '../utils/format';
import { styles } from './audit-styles';
import { AwardFlags } from './award-flags';

const t = adminTexts.userHistory;
const flagTexts = texts.opportunities.awardFlags;
const hoursTexts = serviceHoursTexts;

type Entry = AuditPointsHistory['entries'][number];

const causeOf = (entry: Entry): string =>
  entry.reason === 'attendance'
    ? t.attendance
    : entry.reason === 'first_signup_bonus'
      ? t.firstSignupBonus
      : hoursTexts.ui.loggedHours;

/**
 * What a line was earned at: its opportunity, or for logged service (docs/service-hours.md) its
 * organization, minutes and who verified it.
 */
const SourceText = ({ entry }: { entry: Entry }) => {
  if (entry.logged) {
    const { organization_name, minutes, verified_by_name } = entry.logged;
    return (
      <>
        {hoursTexts.ui.historyLogged(organization_name)}{' '}
        <span className={styles.muted}>
          {hoursTexts.minutes(minutes)}
          {verified_by_name ? `, ${hoursTexts.ui.historyVerifiedBy(verified_by_name)}` : null}
        </span>
      </>
    );
  }
  return entry.opportunity_name && entry.opportunity_id ? (
    <Link to={paths.adminOpportunityHistory.getHref(entry.opportunity_id)}>
      {entry.opportunity_name}
    </Link>
  ) : (
    <span className={styles.muted}>{t.unknownOpportunity}</span>
  );
};

type UserHistoryProps = { userId: string };

/**
 * An admin's audit of a user's points: every ledger line in the server's order (newest first by
 * the opportunity's date, as on the profile), with that date, the time it was recorded, its cause,
 * the opportunity (or the logged service's organization), who caused it, the awards flagged for
 * review, the change and the running total.
 */
export const UserHistory = ({ userId }: UserHistoryProps) => {
  const user = useAuditedUser(userId);
  const history = useUserHistory(userId);
  const name = user.data?.name;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{name ? t.of(name) : t.title}</h1>
        <div className={styles.links}>
          <ButtonLink
            to={paths.profile.getHref(userId)}
            variant="secondary"
            size="small"
            icon={<ArrowLeftIcon size={16} />}
          >
            {t.backToProfile}
          </ButtonLink>
          <ButtonLink to={paths.admin.getHref()} variant="ghost" size="small">
            {t.backToPanel}
          </ButtonLink>
        </div>
        {history.data ? (
          <p className={styles.muted}>
            <strong>{t.points(history.data.points)}</strong>
          </p>
        ) : null}
      </header>
      {history.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : history.isError ? (
        <Alert>
          {history.error instanceof ApiError && history.error.status === 404
            ? texts.notFound.user
            : t.loadFailed}
        </Alert>
      ) : history.data.entries.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <ScrollTable label={t.title} className={styles.card}>
          <table className={cx(styles.textTable, styles.stacked)}>
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.cause}</th>
                <th scope="col">{t.opportunity}</th>
                <th scope="col">{t.actor}</th>
                <th scope="col">{flagTexts.column}</th>
                <th scope="col" className={styles.number}>
                  {t.change}
                </th>
                <th scope="col" className={styles.number}>
                  {t.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.entries.map((entry) => (
                <tr key={entry.id}>
                  {/* The date the points count on: the lines' order. */}
                  <td data-label={t.date} className={styles.nowrap}>
                    <time dateTime={entry.opportunity_date}>
                      {formatCalendarDate(entry.opportunity_date)}
                    </time>
                  </td>
                  <td data-label={t.time} className={styles.nowrap}>
                    {formatEasternInstant(entry.at)}
                  </td>
                  <td data-label={t.cause}>{causeOf(entry)}</td>
                  <td data-label={t.opportunity}>
                    <SourceText entry={entry} />
                  </td>
                  <td data-label={t.actor}>
                    {entry.actor_id && entry.actor_name ? (
                      <Link to={paths.profile.getHref(entry.actor_id)}>{entry.actor_name}</Link>
                    ) : (
                      <span className={styles.muted}>{t.system}</span>
                    )}
                  </td>
                  <td data-label={flagTexts.column}>
                    <AwardFlags flags={entry.flags} scheduledMinutes={entry.scheduled_minutes} />
                  </td>
                  <td
                    data-label={t.change}
                    className={cx(styles.number, entry.change >= 0 ? styles.gain : styles.loss)}
                  >
                    {formatChange(entry.change)}
                  </td>
                  <td data-label={t.total} className={styles.number}>
                    {entry.running_total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </div>
  );
};
