import { texts, type ImpactDashboard as ImpactAnswer, impactTexts } from '@campus/contracts';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { cx } from '@/lib/cx';
import { useImpact } from '../api/get-impact';
import { hostedBy, useApprovedOrganizations } from '../api/hosted-organizations';
import {
  filtersFromSearch,
  impactQueryOf,
  isRangeInvalid,
  searchOfFilters,
} from '../utils/filters';
import { formatCalendarDate } from '../utils/format';
import { ImpactFiltersForm } from './impact-filters';
import { BreakdownSection, TopOpportunitiesSection, csvScopeOf } from './impact-sections';
import { styles } from './impact-styles';
import { ImpactTotals } from './impact-totals';

const t = impactTexts.ui;

type Choice = { id: string; name: string };

const isEmpty = (data: ImpactAnswer) =>
  data.totals.minutes === 0 &&
  data.no_show.attendances === 0 &&
  data.top_opportunities.rows.length === 0;

/** The figures of one answer: what they cover, the privacy note, the totals and each breakdown. */
const ImpactResults = ({ data }: { data: ImpactAnswer }) => {
  const csv = csvScopeOf(data);
  const tables = t.tables;
  return (
    <>
      <div className={styles.scope} role="status">
        <p>{t.range(formatCalendarDate(data.from), formatCalendarDate(data.to))}</p>
        {data.as_of ? <p>{t.asOf(formatCalendarDate(data.as_of))}</p> : null}
        {data.organization ? <p>{t.hostSubtitle(data.organization.name)}</p> : null}
      </div>
      <Alert tone="info">{t.kAnonymityNote}</Alert>
      {isEmpty(data) ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <>
          <ImpactTotals data={data} csv={csv} />
          <BreakdownSection
            table="months"
            words={tables.months}
            breakdown={data.months}
            csv={csv}
            connected
          />
          <BreakdownSection
            table="causes"
            words={tables.causes}
            breakdown={data.causes}
            csv={csv}
            note={t.causesNote}
          />
          <BreakdownSection
            table="organizations"
            words={tables.organizations}
            breakdown={data.organizations}
            csv={csv}
          />
          <BreakdownSection
            table="academic-levels"
            words={tables.academicLevels}
            breakdown={data.academic_levels}
            csv={csv}
          />
          <TopOpportunitiesSection rows={data.top_opportunities.rows} csv={csv} />
        </>
      )}
    </>
  );
};

/** Why the dashboard did not load: not theirs to see, a range refused, or a failure to retry. */
const ImpactFailure = ({ error, onRetry }: { error: Error; onRetry: () => void }) => {
  if (error instanceof ApiError && error.status === 403) return <Alert>{t.forbidden}</Alert>;
  if (error instanceof ApiError && error.status === 400 && error.fieldErrors.to)
    return <Alert>{t.badRange}</Alert>;
  return (
    <div className={styles.actions}>
      <Alert>{t.loadFailed}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {texts.common.retry}
      </Button>
    </div>
  );
};

type ImpactViewProps = {
  isAdmin: boolean;
  /** The organizations the caller may pick: every approved one (admins) or those they host. */
  organizations: readonly Choice[];
};

/** The filters (kept in the URL) and the dashboard they select. */
const ImpactView = ({ isAdmin, organizations }: ImpactViewProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  // A host always looks at one of theirs (the first unless the URL names another of theirs).
  const organizationId = isAdmin
    ? filters.organization || null
    : organizations.some((o) => o.id === filters.organization)
      ? filters.organization
      : (organizations[0]?.id ?? null);
  const rangeInvalid = isRangeInvalid(filters);
  const query = useImpact(impactQueryOf(filters, organizationId), !rangeInvalid);
  const data = query.data;

  // An admin may follow a link to an organization the list does not offer (no longer approved).
  const choices =
    organizationId && !organizations.some((o) => o.id === organizationId)
      ? [
          ...organizations,
          {
            id: organizationId,
            name:
              data?.organization?.id === organizationId ? data.organization.name : organizationId,
          },
        ]
      : organizations;

  return (
    <>
      <ImpactFiltersForm
        applied={{ ...filters, organization: organizationId ?? '' }}
        organizations={choices}
        allowAll={isAdmin}
        onApply={(next) => setSearchParams(searchOfFilters(next))}
        onReset={() => setSearchParams(new URLSearchParams())}
      />
      {rangeInvalid ? (
        <Alert>{t.badRange}</Alert>
      ) : query.isError ? (
        <ImpactFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <div
          className={cx(styles.results, query.isPlaceholderData && styles.stale)}
          aria-busy={query.isPlaceholderData || undefined}
        >
          <ImpactResults data={data} />
        </div>
      ) : (
        <Spinner size="large" label={t.loading} />
      )}
    </>
  );
};

/**
 * /impact: the impact dashboard (docs/impact.md). Admins see every organization or pick one; a
 * host sees only the organizations they host; anyone else is told it is not theirs to see.
 */
export const ImpactDashboard = () => {
  const { data: user, isError: userFailed } = useCurrentUser();
  const isAdmin = user?.admin === true;
  const organizations = useApprovedOrganizations(user !== undefined);
  const hosted = user && organizations.data ? hostedBy(organizations.data, user.id) : undefined;

  let body;
  if (!user) {
    body = userFailed ? <Alert>{t.loadFailed}</Alert> : <Spinner size="large" label={t.loading} />;
  } else if (isAdmin) {
    // The dashboard does not wait for the list: until it is in, only 'All organizations'.
    body = <ImpactView isAdmin organizations={organizations.data ?? []} />;
  } else if (organizations.isError) {
    body = <Alert>{t.loadFailed}</Alert>;
  } else if (!hosted) {
    body = <Spinner size="large" label={t.loading} />;
  } else if (hosted.length === 0) {
    body = <Alert>{t.forbidden}</Alert>;
  } else {
    body = <ImpactView isAdmin={false} organizations={hosted} />;
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.subtitle}>{t.subtitle}</p>
      </header>
      {body}
    </div>
  );
};
