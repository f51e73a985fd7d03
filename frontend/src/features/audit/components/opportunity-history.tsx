import { texts, adminTexts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useOpportunityHistory } from '../api/get-opportunity-history';
import { formatEasternInstant } from '../utils/format';
import { styles } from './audit-styles';
import { AwardFlags } from './award-flags';

const t = adminTexts.opportunityHistory;

type OpportunityHistoryProps = { opportunityId: string };

/** An admin's audit of an opportunity: every event of its stream, oldest first, awards flagged. */
export const OpportunityHistory = ({ opportunityId }: OpportunityHistoryProps) => {
  const history = useOpportunityHistory(opportunityId);
  const name = history.data?.name;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{name ? t.of(name) : t.title}</h1>
        <div className={styles.links}>
          <ButtonLink
            to={paths.opportunity.getHref(opportunityId)}
            variant="secondary"
            size="small"
            icon={<ArrowLeftIcon size={16} />}
          >
            {t.backToOpportunity}
          </ButtonLink>
          <ButtonLink to={paths.admin.getHref()} variant="ghost" size="small">
            {adminTexts.userHistory.backToPanel}
          </ButtonLink>
        </div>
      </header>
      {history.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : history.isError ? (
        <Alert>
          {history.error instanceof ApiError && history.error.status === 404
            ? t.notFound
            : t.loadFailed}
        </Alert>
      ) : history.data.entries.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <ScrollTable label={t.title} className={styles.card}>
          <table className={cx(styles.textTable, styles.stacked)}>
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.event}</th>
                <th scope="col">{t.actor}</th>
                <th scope="col">{t.summary}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t.time} className={styles.nowrap}>
                    {formatEasternInstant(entry.at)}
                  </td>
                  <td data-label={t.event} className={styles.type}>
                    {entry.type}
                  </td>
                  <td data-label={t.actor}>
                    {entry.actor_id && entry.actor_name ? (
                      <Link to={paths.adminUserHistory.getHref(entry.actor_id)}>
                        {entry.actor_name}
                      </Link>
                    ) : (
                      <span className={styles.muted}>{t.system}</span>
                    )}
                  </td>
                  <td data-label={t.summary} className={styles.summary}>
                    {entry.summary}
                    <AwardFlags flags={entry.flags} />
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
