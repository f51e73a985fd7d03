import { texts, type Organization, type OrganizationListItem } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/session';
import { useApprovedOrganizations } from '../api/list-organizations';
import { useMembership } from '../api/membership';
import { filterByName, hasExactNameMatch } from '../utils/organization-match';
import { CreateOrganizationPanel } from './create-organization-panel';
import { LeaveOrganizationDialog } from './leave-organization-dialog';
import { OrganizationCard } from './organization-card';
import styles from './organization-manager.module.css';

/**
 * Search, Join/Leave, create and browse all (/groups, /account-setup): one search filters
 * the approved organizations; a name nobody has exactly is offered for creation.
 */
export const OrganizationManager = () => {
  const { session } = useSession();
  const userId = session.status === 'signedIn' ? session.userId : null;
  const organizations = useApprovedOrganizations();
  const membership = useMembership();
  const [query, setQuery] = useState('');
  const [leaving, setLeaving] = useState<OrganizationListItem | null>(null);
  const [created, setCreated] = useState<Organization | null>(null);
  const searchId = useId();
  const listHeadingId = useId();

  const all = organizations.data ?? [];
  const trimmed = query.trim();
  const shown = filterByName(all, trimmed);
  const offerCreate = organizations.isSuccess && trimmed !== '' && !hasExactNameMatch(all, trimmed);

  const confirmLeave = async () => {
    if (!leaving) return;
    await membership.leave(leaving.id);
    setLeaving(null);
  };

  return (
    <div className={styles.manager}>
      <div className={styles.search}>
        <label htmlFor={searchId} className={styles.searchLabel}>
          {texts.groups.manage.searchLabel}
        </label>
        <div className={styles.searchField}>
          <SearchIcon className={styles.searchIcon} size={18} />
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder={texts.groups.manage.searchPlaceholder}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setCreated(null);
            }}
          />
        </div>
      </div>

      {offerCreate ? (
        <CreateOrganizationPanel
          key={trimmed.toLocaleLowerCase()}
          name={trimmed}
          onCreated={(organization) => {
            setCreated(organization);
            setQuery('');
          }}
        />
      ) : null}
      {created ? (
        <Alert tone="success">
          {created.approved
            ? texts.groups.create.created(created.name)
            : texts.groups.create.createdPending(created.name)}
        </Alert>
      ) : null}

      <section className={styles.list} aria-labelledby={listHeadingId}>
        <div className={styles.listHeader}>
          <h2 id={listHeadingId} className={styles.listTitle}>
            {trimmed ? texts.groups.manage.results(trimmed) : texts.groups.manage.allOrganizations}
          </h2>
          {organizations.isSuccess ? (
            <span className={styles.count}>{texts.groups.manage.count(shown.length)}</span>
          ) : null}
        </div>
        {organizations.isPending ? (
          <div className={styles.status}>
            <Spinner label={texts.common.loading} />
          </div>
        ) : organizations.isError ? (
          <div className={styles.status}>
            <Alert>{texts.groups.manage.loadFailed}</Alert>
            <Button variant="secondary" size="small" onClick={() => void organizations.refetch()}>
              {texts.common.retry}
            </Button>
          </div>
        ) : shown.length === 0 ? (
          // A search without matches offers creation above instead.
          trimmed ? null : (
            <p className={styles.empty}>{texts.groups.manage.empty}</p>
          )
        ) : (
          <ul className={styles.grid}>
            {shown.map((organization) => (
              <li key={organization.id}>
                <OrganizationCard
                  organization={organization}
                  isHost={organization.host_user_id === userId}
                  busy={membership.busyId === organization.id}
                  failure={
                    membership.failure?.organizationId === organization.id
                      ? membership.failure
                      : null
                  }
                  onJoin={() => void membership.join(organization.id)}
                  onLeave={() => {
                    membership.clearFailure();
                    setLeaving(organization);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {leaving ? (
        <LeaveOrganizationDialog
          organizationName={leaving.name}
          busy={membership.busyId === leaving.id}
          onConfirm={() => void confirmLeave()}
          onCancel={() => setLeaving(null)}
        />
      ) : null}
    </div>
  );
};
