import { texts, type OrganizationListItem } from '@campus/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePopup } from '@/components/ui/popup';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { failureMessage, useApproveSelected } from '../api/approve-selected';
import { useDeleteOpportunity, useDeleteOrganization } from '../api/delete-item';
import { useUnapprovedOpportunities, useUnapprovedOrganizations } from '../api/get-unapproved';
import { formatCalendarDate } from '../utils/format';
import styles from './admin.module.css';

const t = texts.admin.approvals;

type Pending = { kind: 'opportunity' | 'organization'; id: string; name: string };

const toggle = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/**
 * The unapproved opportunities and organizations (loaded when the panel opens): select, delete
 * after confirming, and 'Approve Selected (n)' that takes the rows out at once and puts back what
 * failed.
 */
export const UnapprovedTables = () => {
  const opportunities = useUnapprovedOpportunities();
  const organizations = useUnapprovedOrganizations();
  const approve = useApproveSelected();
  const deleteOpportunity = useDeleteOpportunity();
  const deleteOrganization = useDeleteOrganization();
  const popup = usePopup();
  const [selectedOpportunities, setSelectedOpportunities] = useState<ReadonlySet<string>>(
    new Set(),
  );
  const [selectedOrganizations, setSelectedOrganizations] = useState<ReadonlySet<string>>(
    new Set(),
  );
  const [pending, setPending] = useState<Pending | null>(null);

  // Only rows still listed count (a row may have left through another admin's action).
  const opportunityIds = (opportunities.data ?? [])
    .map((o) => o.id)
    .filter((id) => selectedOpportunities.has(id));
  const organizationIds = (organizations.data ?? [])
    .map((o) => o.id)
    .filter((id) => selectedOrganizations.has(id));
  const count = opportunityIds.length + organizationIds.length;

  const approveSelected = () => {
    if (count === 0) {
      popup.show({ variant: 'warning', title: t.nothingSelectedTitle, message: t.nothingSelected });
      return;
    }
    const selection = { opportunityIds, organizationIds };
    setSelectedOpportunities(new Set());
    setSelectedOrganizations(new Set());
    approve.mutate(selection, {
      onSuccess: () => {
        popup.show({ variant: 'success', title: t.approvedTitle, message: t.approved });
      },
      onError: (error) => {
        popup.show({
          variant: 'error',
          title: t.approveFailedTitle,
          message: t.approveFailed(failureMessage(error)),
        });
      },
    });
  };

  const confirmDelete = () => {
    if (!pending) return;
    const { kind, id } = pending;
    setPending(null);
    const mutation = kind === 'opportunity' ? deleteOpportunity : deleteOrganization;
    const failed = kind === 'opportunity' ? t.deleteOpportunityFailed : t.deleteOrganizationFailed;
    mutation.mutate(id, {
      onError: (error) => {
        popup.show({
          variant: 'error',
          title: t.deleteFailedTitle,
          message: failed(serverMessageOf(error) ?? error.message),
        });
      },
    });
    if (kind === 'opportunity') setSelectedOpportunities((s) => toggleOff(s, id));
    else setSelectedOrganizations((s) => toggleOff(s, id));
  };

  const loadFailed = opportunities.isError || organizations.isError;

  return (
    <>
      {loadFailed ? (
        <Alert>
          {serverMessageOf(opportunities.error ?? organizations.error) ??
            texts.admin.panel.loadFailed}
        </Alert>
      ) : null}
      <section className={styles.section} aria-labelledby="admin-unapproved-opps-title">
        <h2 id="admin-unapproved-opps-title" className={styles.sectionTitle}>
          {t.opportunitiesTitle}
        </h2>
        {opportunities.isPending ? (
          <Spinner label={texts.common.loading} />
        ) : opportunities.data?.length ? (
          <div
            className={styles.tableScroll}
            role="region"
            aria-label={texts.common.scrollableTable(t.opportunitiesTitle)}
            tabIndex={0}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t.select}</th>
                  <th scope="col">{t.name}</th>
                  <th scope="col">{t.description}</th>
                  <th scope="col">{t.organization}</th>
                  <th scope="col">{t.creator}</th>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.delete}</th>
                </tr>
              </thead>
              <tbody>
                {opportunities.data.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t.selectItem(o.name)}
                        checked={selectedOpportunities.has(o.id)}
                        onChange={() => setSelectedOpportunities((s) => toggle(s, o.id))}
                      />
                    </td>
                    <td className={styles.name}>
                      <Link to={paths.opportunity.getHref(o.id)}>{o.name}</Link>
                      <br />
                      <Link
                        to={paths.adminOpportunityHistory.getHref(o.id)}
                        aria-label={t.historyOf(o.name)}
                        className={styles.muted}
                      >
                        {t.history}
                      </Link>
                    </td>
                    <td className={styles.description}>{o.description}</td>
                    <td>{o.host_org_name ?? o.nonprofit ?? ''}</td>
                    <td>
                      <Link to={paths.profile.getHref(o.host_user_id)}>{o.host_user_name}</Link>
                    </td>
                    <td className={styles.nowrap}>{formatCalendarDate(o.date)}</td>
                    <td>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t.deleteItem(o.name)}
                        onClick={() => setPending({ kind: 'opportunity', id: o.id, name: o.name })}
                      >
                        {t.delete}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : opportunities.isSuccess ? (
          <p className={styles.muted}>{t.noOpportunities}</p>
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby="admin-unapproved-orgs-title">
        <h2 id="admin-unapproved-orgs-title" className={styles.sectionTitle}>
          {t.organizationsTitle}
        </h2>
        {organizations.isPending ? (
          <Spinner label={texts.common.loading} />
        ) : organizations.data?.length ? (
          <div
            className={styles.tableScroll}
            role="region"
            aria-label={texts.common.scrollableTable(t.organizationsTitle)}
            tabIndex={0}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t.select}</th>
                  <th scope="col">{t.name}</th>
                  <th scope="col">{t.type}</th>
                  <th scope="col">{t.creator}</th>
                  <th scope="col">{t.description}</th>
                  <th scope="col">{t.delete}</th>
                </tr>
              </thead>
              <tbody>
                {organizations.data.map((o: OrganizationListItem) => (
                  <tr key={o.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t.selectItem(o.name)}
                        checked={selectedOrganizations.has(o.id)}
                        onChange={() => setSelectedOrganizations((s) => toggle(s, o.id))}
                      />
                    </td>
                    <td className={styles.name}>
                      <Link to={paths.groupDetail.getHref(o.id)}>{o.name}</Link>
                    </td>
                    <td className={styles.nowrap}>{o.type}</td>
                    <td>
                      <Link to={paths.profile.getHref(o.host_user_id)}>{o.host_user_name}</Link>
                    </td>
                    <td className={styles.description}>{o.description}</td>
                    <td>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t.deleteItem(o.name)}
                        onClick={() => setPending({ kind: 'organization', id: o.id, name: o.name })}
                      >
                        {t.delete}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : organizations.isSuccess ? (
          <p className={styles.muted}>{t.noOrganizations}</p>
        ) : null}
      </section>
      {count > 0 || approve.isPending ? (
        <div className={styles.approveBar}>
          <Button loading={approve.isPending} onClick={approveSelected}>
            {approve.isPending ? t.approving : t.approveSelected(count)}
          </Button>
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'opportunity'
              ? t.confirmDeleteOpportunity(pending.name)
              : t.confirmDeleteOrganization(pending.name)
          }
          message={t.confirmDeleteText}
          confirmLabel={t.delete}
          cancelLabel={t.cancel}
          onConfirm={confirmDelete}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
};

const toggleOff = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  next.delete(id);
  return next;
};
