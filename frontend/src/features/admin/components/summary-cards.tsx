import { texts } from '@campus/contracts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useAdminSummary } from '../api/get-admin-summary';
import { styles } from './admin-styles';

const t = texts.admin.summary;

/** Total Users, Approved Opportunities, Approved Organizations. */
export const SummaryCards = () => {
  const summary = useAdminSummary();
  if (summary.isPending) return <Spinner label={texts.common.loading} />;
  if (summary.isError) return <Alert>{t.loadFailed}</Alert>;
  const cards = [
    [t.totalUsers, summary.data.total_users],
    [t.approvedOpportunities, summary.data.approved_opportunities],
    [t.approvedOrganizations, summary.data.approved_organizations],
  ] as const;
  return (
    <dl className={styles.cards} aria-label={t.label}>
      {cards.map(([label, value]) => (
        <div key={label} className={styles.card}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
};
