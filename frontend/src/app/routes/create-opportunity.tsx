import { texts } from '@campus/contracts';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './create-opportunity.module.css';

/** /create-opportunity until the creation form arrives. */
export const CreateOpportunityRoute = () => (
  <section className={styles.page}>
    <h1 className={styles.title}>{texts.events.createOpportunity}</h1>
    <p className={styles.text}>{texts.common.comingSoon}</p>
    <ButtonLink to={paths.opportunities.getHref()} variant="secondary">
      {texts.events.title}
    </ButtonLink>
  </section>
);
