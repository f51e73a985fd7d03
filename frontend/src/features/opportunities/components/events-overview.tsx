import { texts } from '@campus/contracts';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './events-overview.module.css';

/** /opportunities until the Events list arrives: the title, the create button and the empty state. */
export const EventsOverview = () => (
  <>
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{texts.events.title}</h1>
        <p className={styles.subtitle}>{texts.events.subtitle}</p>
      </div>
      <ButtonLink
        to={paths.createOpportunity.getHref()}
        icon={
          <svg viewBox="0 0 20 20" fill="currentColor" width="20" height="20" aria-hidden="true">
            <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
          </svg>
        }
      >
        {texts.events.createOpportunity}
      </ButtonLink>
    </div>
    <div className={styles.empty}>
      <svg
        className={styles.emptyIcon}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        aria-hidden="true"
      >
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </svg>
      <p>{texts.events.empty}</p>
    </div>
  </>
);
