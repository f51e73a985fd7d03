import { hasEnded, texts, type MyOpportunities, type MyOpportunityItem } from '@campus/contracts';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { cx } from '@/lib/cx';
import { formatShortDate, formatTime } from '@/lib/format-date';
import { useServerNow } from '@/lib/use-server-now';
import { useMyOpportunities } from '../api/get-my-opportunities';
import { attendedOf, pastStatus, type PastStatusKind } from '../utils/attendance';
import { LoadError } from './load-error';
import styles from './my-opportunities.module.css';
import { OpportunityCard, organizationOf } from './opportunity-card';
import cardStyles from './opportunity-card.module.css';

const t = texts.opportunities.mine;

type Split = MyOpportunities['hosting'];

/** The server's now and the signed-in user, for telling which opportunities have ended. */
type Viewer = { now: Date; userId: string | undefined };
const ViewerContext = createContext<Viewer>({ now: new Date(0), userId: undefined });

type MyOpportunitiesScreenProps = {
  /** Shown after the registered opportunities once they are loaded (the calendar subscription). */
  calendar?: ReactNode;
};

/**
 * /my-opportunities: hosting, registered (each with its past behind a toggle), and for admins all.
 * An opportunity that has ended (by the server's clock) shows what became of it instead of slots.
 */
export const MyOpportunitiesScreen = ({ calendar }: MyOpportunitiesScreenProps) => {
  const query = useMyOpportunities();
  const now = useServerNow();
  const { data: user } = useCurrentUser();
  return (
    <ViewerContext.Provider value={{ now, userId: user?.id }}>
      <section className={styles.page} aria-labelledby="my-opportunities-title">
        <div>
          <h1 id="my-opportunities-title" className={styles.title}>
            {t.title}
          </h1>
          <p className={styles.subtitle}>{t.subtitle}</p>
        </div>
        {query.isPending ? (
          <div className={styles.loading}>
            <Spinner size="large" label={t.loading} />
          </div>
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <SplitSection
              title={t.hosting}
              split={query.data.hosting}
              emptyUpcoming={t.noHosting}
              emptyPast={t.noPastHosted}
            />
            <SplitSection
              title={t.registered}
              split={query.data.registered}
              emptyUpcoming={t.noRegistered}
              emptyPast={t.noPastRegistered}
            />
            {calendar}
            {query.data.all ? <AllSection split={query.data.all} /> : null}
          </>
        )}
      </section>
    </ViewerContext.Provider>
  );
};

type ListProps = {
  items: readonly MyOpportunityItem[];
  empty: string;
  /** The level of the names of ended opportunities (under the list's own heading). */
  headingLevel: 3 | 4;
};

const List = ({ items, empty, headingLevel }: ListProps) => {
  const { now } = useContext(ViewerContext);
  return items.length ? (
    <ul className={cardStyles.grid}>
      {items.map((o) => (
        <li key={o.id} className={cardStyles.gridItem}>
          {hasEnded(now, o.starts_at, o.duration) ? (
            <PastCard opportunity={o} headingLevel={headingLevel} />
          ) : (
            <OpportunityCard opportunity={o} />
          )}
        </li>
      ))}
    </ul>
  ) : (
    <p className={styles.empty}>{empty}</p>
  );
};

const statusStyles: Record<PastStatusKind, string | undefined> = {
  attended: styles.statusDone,
  submitted: styles.statusDone,
  pending: styles.statusPending,
  absent: undefined,
  ended: undefined,
};

type PastCardProps = { opportunity: MyOpportunityItem; headingLevel: 3 | 4 };

/** An ended opportunity: when it was and what became of it, no slots and no 'Signed Up ✓'. */
const PastCard = ({ opportunity: o, headingLevel }: PastCardProps) => {
  const { userId } = useContext(ViewerContext);
  const status = pastStatus({
    isRegistered: o.is_registered,
    isHost: o.is_host,
    attendanceMarked: o.attendance_marked,
    attended: attendedOf(o, userId),
    // What the ledger credited (the minutes the host submitted), not the scheduled duration.
    points: o.earned_points ?? o.points,
  });
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className={styles.pastCard} data-testid="past-opportunity">
      <Heading className={styles.pastName}>
        <Link to={paths.opportunity.getHref(o.id)} className={styles.pastLink}>
          {o.name}
        </Link>
      </Heading>
      <p className={styles.pastOrganization}>{organizationOf(o)}</p>
      <p className={styles.pastWhen}>
        <CalendarIcon size={16} />
        <time dateTime={o.starts_at}>
          {formatShortDate(o.starts_at)} · {formatTime(o.starts_at)}
        </time>
      </p>
      <p className={cx(styles.status, statusStyles[status.kind])} data-testid="past-status">
        {status.label}
      </p>
      {!o.approved ? (
        <p className={styles.pending}>{texts.opportunities.card.pendingApproval}</p>
      ) : null}
    </article>
  );
};

type SplitSectionProps = { title: string; split: Split; emptyUpcoming: string; emptyPast: string };

const SplitSection = ({ title, split, emptyUpcoming, emptyPast }: SplitSectionProps) => {
  const id = useId();
  const [showPast, setShowPast] = useState(false);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        <Button
          variant="secondary"
          size="small"
          aria-expanded={showPast}
          aria-controls={`${id}-past`}
          onClick={() => setShowPast((shown) => !shown)}
        >
          {showPast ? t.hidePast : t.showPast}
        </Button>
      </div>
      <List items={split.upcoming} empty={emptyUpcoming} headingLevel={3} />
      <div id={`${id}-past`} hidden={!showPast} className={styles.past}>
        {showPast ? (
          <>
            <h3 className={styles.pastTitle}>{t.past}</h3>
            <List items={split.past} empty={emptyPast} headingLevel={4} />
          </>
        ) : null}
      </div>
    </section>
  );
};

const AllSection = ({ split }: { split: Split }) => {
  const id = useId();
  const [shown, setShown] = useState(false);
  const items = [...split.upcoming, ...split.past];
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {t.all}
        </h2>
        <Button
          variant="secondary"
          size="small"
          aria-expanded={shown}
          aria-controls={`${id}-all`}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t.hide : t.show}
        </Button>
      </div>
      <div id={`${id}-all`} hidden={!shown}>
        {shown ? <List items={items} empty={t.noOpportunities} headingLevel={3} /> : null}
      </div>
    </section>
  );
};
