import { texts } from '@campus/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useWaitlistPromotions } from '../api/waitlist';
import styles from './waitlist-promotions.module.css';

const w = texts.waitlist;

/** The notifications page's waitlist section: each promotion, linking to its opportunity (ADR 0010). */
export const WaitlistPromotions = () => {
  const headingId = useId();
  const promotions = useWaitlistPromotions();
  // Nothing to say until there is a promotion (a failed read leaves the page as it was).
  if (!promotions.data?.length) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {w.promotionsTitle}
      </h2>
      <ul className={styles.list}>
        {promotions.data.map((p) => (
          <li key={`${p.opportunity_id}-${p.promoted_at}`} className={styles.item}>
            <Link to={paths.opportunity.getHref(p.opportunity_id)}>
              {w.promotedNotice(p.opportunity_name)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
};
