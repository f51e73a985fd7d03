import { texts, type OpportunityCardItem } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { CalendarIcon, UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import { formatShortDate, formatTime } from '@/lib/format-date';
import styles from './opportunity-card.module.css';
import { OpportunityImage } from './opportunity-image';

const t = texts.opportunities.card;

type OpportunityCardProps = {
  opportunity: OpportunityCardItem;
  /** A card in the first row is seen at once: its picture loads without waiting for layout. */
  eager?: boolean;
};

/** The cards of the grid's first row (three on a wide screen, one on a phone). */
const FIRST_ROW = 3;

/** Who runs it, as a card shows it: the host organization, else the nonprofit, else the host. */
export const organizationOf = (o: OpportunityCardItem): string =>
  o.host_org_name ?? o.nonprofit ?? o.host_user_name;

/** One opportunity on the Events grid and in My Opportunities. */
export const OpportunityCard = ({ opportunity: o, eager = false }: OpportunityCardProps) => (
  <article className={styles.card} data-testid="opportunity-card">
    <div className={styles.media}>
      <OpportunityImage src={o.imageUrl} causes={o.causes} className={styles.image} eager={eager} />
      <div className={styles.flags}>
        {o.is_host ? (
          <span className={styles.flag}>{texts.opportunities.detail.youAreTheHost}</span>
        ) : null}
        {o.is_registered ? <span className={styles.flag}>{t.registered}</span> : null}
        {!o.approved ? (
          <span className={cx(styles.flag, styles.flagWarning)}>{t.pendingApproval}</span>
        ) : null}
        {o.isPrivate ? <span className={styles.flag}>{t.privateEvent}</span> : null}
      </div>
    </div>
    <div className={styles.body}>
      {/* Cards sit right under the page's h1. */}
      <h2 className={styles.name}>
        <Link to={paths.opportunity.getHref(o.id)} className={styles.link}>
          {o.name}
        </Link>
      </h2>
      <p className={styles.organization}>{organizationOf(o)}</p>
      <p className={styles.when}>
        <CalendarIcon size={16} />
        <time dateTime={o.starts_at}>
          {formatShortDate(o.starts_at)} · {formatTime(o.starts_at)}
        </time>
      </p>
      <div className={styles.stats}>
        <span className={styles.points}>{t.points(o.points)}</span>
        <span className={o.slots_left > 0 ? styles.slots : cx(styles.slots, styles.slotsFull)}>
          {t.slotsLeft(o.slots_left)}
        </span>
      </div>
      {o.attendee_count > 0 ? (
        <div className={styles.attendees} aria-label={t.attendees(o.attendee_count)} role="group">
          <UsersIcon size={16} className={styles.attendeesIcon} />
          <ul className={styles.avatars}>
            {o.attendee_preview.map((a) => (
              <li key={a.id} title={a.name}>
                <Avatar src={a.profile_image} name={a.name} size="small" alt={a.name} />
              </li>
            ))}
          </ul>
          {o.attendee_more > 0 ? (
            <span className={styles.more}>{t.moreAttendees(o.attendee_more)}</span>
          ) : null}
        </div>
      ) : null}
      {o.causes.length > 0 ? (
        <ul className={styles.causes} aria-label={texts.opportunities.detail.causes}>
          {o.causes.map((cause) => (
            <li key={cause} className={styles.cause}>
              {cause}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  </article>
);

type OpportunityGridProps = { opportunities: readonly OpportunityCardItem[] };

export const OpportunityGrid = ({ opportunities }: OpportunityGridProps) => (
  <ul className={styles.grid}>
    {opportunities.map((o, index) => (
      <li key={o.id} className={styles.gridItem}>
        <OpportunityCard opportunity={o} eager={index < FIRST_ROW} />
      </li>
    ))}
  </ul>
);
