import { texts, type MyOpportunities, type OpportunityListItem } from '@campus/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CalendarSubscriptionPanel } from '@/features/calendar/components/calendar-subscription';
import { useMyOpportunities } from '../api/get-my-opportunities';
import { LoadError } from './load-error';
import styles from './my-opportunities.module.css';
import { OpportunityGrid } from './opportunity-card';

const t = texts.opportunities.mine;

type Split = MyOpportunities['hosting'];

/** /my-opportunities: hosting, registered (each with its past behind a toggle), and for admins all. */
export const MyOpportunitiesScreen = () => {
  const query = useMyOpportunities();
  return (
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
          <CalendarSubscriptionPanel />
          {query.data.all ? <AllSection split={query.data.all} /> : null}
        </>
      )}
    </section>
  );
};

type ListProps = { items: readonly OpportunityListItem[]; empty: string };

const List = ({ items, empty }: ListProps) =>
  items.length ? (
    <OpportunityGrid opportunities={items} />
  ) : (
    <p className={styles.empty}>{empty}</p>
  );

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
      <List items={split.upcoming} empty={emptyUpcoming} />
      <div id={`${id}-past`} hidden={!showPast} className={styles.past}>
        {showPast ? (
          <>
            <h3 className={styles.pastTitle}>{t.past}</h3>
            <List items={split.past} empty={emptyPast} />
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
        {shown ? <List items={items} empty={t.noOpportunities} /> : null}
      </div>
    </section>
  );
};
