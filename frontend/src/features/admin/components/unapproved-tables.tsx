import { texts, type OpportunityListItem, type OrganizationListItem } from '@campus/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePopup } from '@/components/ui/popup';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { failureMessage, useApproveSelected } from '../api/approve-selected';
import { useDeleteOpportunity, useDeleteOrganization } from '../api/delete-item';
import { useUnapprovedOpportunities, useUnapprovedOrganizations } from '../api/get-unapproved';
import { formatCalendarDate } from '../utils/format';
import { styles } from './admin-styles';

const t = texts.admin.approvals;

type Pending = { kind: 'opportunity' | 'organization'; id: string; name: string };

const toggle = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** A column between the selection box and the delete button. */
type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

const CreatorLink = ({ row }: { row: { host_user_id: string; host_user_name: string } }) => (
  <Link to={paths.profile.getHref(row.host_user_id)}>{row.host_user_name}</Link>
);

const opportunityColumns: readonly Column<OpportunityListItem>[] = [
  {
    header: t.name,
    className: styles.name,
    cell: (o) => (
      <>
        <Link to={paths.opportunity.getHref(o.id)}>{o.name}</Link>
        <br />
        <Link
          to={paths.adminOpportunityHistory.getHref(o.id)}
          aria-label={t.historyOf(o.name)}
          className={styles.muted}
        >
          {t.history}
        </Link>
      </>
    ),
  },
  { header: t.description, className: styles.description, cell: (o) => o.description },
  { header: t.organization, cell: (o) => o.host_org_name ?? o.nonprofit ?? '' },
  { header: t.creator, cell: (o) => <CreatorLink row={o} /> },
  { header: t.date, className: styles.nowrap, cell: (o) => formatCalendarDate(o.date) },
];

const organizationColumns: readonly Column<OrganizationListItem>[] = [
  {
    header: t.name,
    className: styles.name,
    cell: (o) => <Link to={paths.groupDetail.getHref(o.id)}>{o.name}</Link>,
  },
  { header: t.type, className: styles.nowrap, cell: (o) => o.type },
  { header: t.creator, cell: (o) => <CreatorLink row={o} /> },
  { header: t.description, className: styles.description, cell: (o) => o.description },
];

type ApprovalTableProps<T extends { id: string; name: string }> = {
  titleId: string;
  title: string;
  /** Said when nothing waits. */
  empty: string;
  query: UseQueryResult<T[]>;
  columns: readonly Column<T>[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDelete: (row: T) => void;
};

/** One kind of item waiting for approval: a checkbox per row, its columns, and Delete. */
const ApprovalTable = <T extends { id: string; name: string }>({
  titleId,
  title,
  empty,
  query,
  columns,
  selected,
  onToggle,
  onDelete,
}: ApprovalTableProps<T>) => (
  <section className={styles.section} aria-labelledby={titleId}>
    <h2 id={titleId} className={styles.sectionTitle}>
      {title}
    </h2>
    {query.isPending ? (
      <Spinner label={texts.common.loading} />
    ) : query.data?.length ? (
      <ScrollTable label={texts.common.scrollableTable(title)}>
        <table className={styles.textTable}>
          <thead>
            <tr>
              <th scope="col">{t.select}</th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">{t.delete}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={row.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t.selectItem(row.name)}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
                <td>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={t.deleteItem(row.name)}
                    onClick={() => onDelete(row)}
                  >
                    {t.delete}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    ) : query.isSuccess ? (
      <p className={styles.muted}>{empty}</p>
    ) : null}
  </section>
);

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
      <ApprovalTable
        titleId="admin-unapproved-opps-title"
        title={t.opportunitiesTitle}
        empty={t.noOpportunities}
        query={opportunities}
        columns={opportunityColumns}
        selected={selectedOpportunities}
        onToggle={(id) => setSelectedOpportunities((s) => toggle(s, id))}
        onDelete={(o) => setPending({ kind: 'opportunity', id: o.id, name: o.name })}
      />
      <ApprovalTable
        titleId="admin-unapproved-orgs-title"
        title={t.organizationsTitle}
        empty={t.noOrganizations}
        query={organizations}
        columns={organizationColumns}
        selected={selectedOrganizations}
        onToggle={(id) => setSelectedOrganizations((s) => toggle(s, id))}
        onDelete={(o) => setPending({ kind: 'organization', id: o.id, name: o.name })}
      />
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
