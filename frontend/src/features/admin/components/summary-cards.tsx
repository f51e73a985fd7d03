import { adminTexts } from '@campus/contracts';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSummary } from '../api/get-admin-summary';
import { styles } from './admin-styles';

const t = adminTexts.summary;

/**
 * Total Users, Approved Opportunities, Approved Organizations. While they load, the cards are
 * already there with their labels and a placeholder for each number, so nothing below moves when
 * the numbers arrive.
 */
export const SummaryCards = () => {
  const summary = useAdminSummary();
  if (summary.isError) return <Alert>{t.loadFailed}</Alert>;
  const data = summary.data;
  const cards = [
    [t.totalUsers, data?.total_users],
    [t.approvedOpportunities, data?.approved_opportunities],
    [t.approvedOrganizations, data?.approved_organizations],
  ] as const;
  return (
    <dl className={styles.cards} aria-label={t.label} aria-busy={data ? undefined : true}>
      {cards.map(([label, value]) => (
        <div key={label} className={styles.card}>
          <dt>{label}</dt>
          <dd>{value ?? <Skeleton inline width="3ch" />}</dd>
        </div>
      ))}
    </dl>
  );
};
