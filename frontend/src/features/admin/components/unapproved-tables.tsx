import {
  texts,
  type OpportunityListItem,
  type OrganizationListItem,
  adminTexts,
} from '@campus/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { usePopup } from '@/components/ui/popup';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { failureMessage, useApproveSelected, type Selection } from '../api/approve-selected';
import { useDeleteOpportunity, useDeleteOrganization } from '../api/delete-item';
import { useUnapprovedOpportunities, useUnapprovedOrganizations } from '../api/get-unapproved';
import { formatCalendarDate, truncateText } from '../utils/format';
import { styles } from './admin-styles';

const t = adminTexts.approvals;

const toggle = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/**
 * A column between the selection box and the delete button; `lines` is how many lines of text a
 * loaded cell usually takes (its placeholder's height while the table loads).
 */
type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  lines?: number;
};

/** Rows drawn while a table loads. */
export const PLACEHOLDER_ROWS = 2;

/** Characters of a description shown before 'Show full description' (about two lines). */
const DESCRIPTION_PREVIEW_CHARS = 120;

/**
 * A description cut to about two lines, with a disclosure button (named after the item) that
 * shows the whole text and folds it back.
 */
const DescriptionCell = ({ name, text }: { name: string; text: string }) => {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const preview = truncateText(text, DESCRIPTION_PREVIEW_CHARS);
  if (preview === text.trim()) return <p className={styles.descriptionText}>{text}</p>;
  return (
    <>
      <p id={textId} className={styles.descriptionText}>
        {open ? text : preview}
      </p>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={textId}
        aria-label={open ? t.showLessOf(name) : t.showFullDescriptionOf(name)}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t.showLess : t.showFullDescription}
      </button>
    </>
  );
};

const CreatorLink = ({ row }: { row: { host_user_id: string; host_user_name: string } }) => (
  <Link to={paths.profile.getHref(row.host_user_id)}>{row.host_user_name}</Link>
);

const opportunityColumns: readonly Column<OpportunityListItem>[] = [
  {
    header: t.name,
    className: styles.name,
    lines: 2,
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
  {
    header: t.description,
    className: styles.description,
    lines: 3,
    cell: (o) => <DescriptionCell name={o.name} text={o.description} />,
  },
  { header: t.organization, cell: (o) => o.host_org_name ?? o.nonprofit ?? '' },
  { header: t.creator, cell: (o) => <CreatorLink row={o} /> },
  { header: t.date, className: styles.compact, cell: (o) => formatCalendarDate(o.date) },
];

const organizationColumns: readonly Column<OrganizationListItem>[] = [
  {
    header: t.name,
    className: styles.name,
    cell: (o) => <Link to={paths.groupDetail.getHref(o.id)}>{o.name}</Link>,
  },
  { header: t.type, className: styles.nowrap, cell: (o) => o.type },
  { header: t.creator, cell: (o) => <CreatorLink row={o} /> },
  {
    header: t.description,
    className: styles.description,
    lines: 3,
    cell: (o) => <DescriptionCell name={o.name} text={o.description} />,
  },
];

/** An approval table's headings: the checkbox, its columns, Delete. */
const ApprovalTableHead = <T,>({ columns }: { columns: readonly Column<T>[] }) => (
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
);

/**
 * The table's shape while its rows load: the real headings, and rows of placeholders as tall as
 * loaded ones (the checkbox, each column's lines, the Delete button), so what follows stays put.
 */
const PlaceholderTable = <T,>({ columns }: { columns: readonly Column<T>[] }) => (
  <table className={cx(styles.textTable, styles.approvalTable)} aria-hidden="true">
    <ApprovalTableHead columns={columns} />
    <tbody>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
        <tr key={row}>
          <td className={styles.compact} data-label={t.select}>
            <Skeleton inline width="1rem" />
          </td>
          {columns.map((column) => (
            <td key={column.header} className={column.className} data-label={column.header}>
              <div>
                {Array.from({ length: column.lines ?? 1 }, (_, line) => (
                  <div key={line}>
                    <Skeleton inline width={line === 0 ? '90%' : '70%'} />
                  </div>
                ))}
              </div>
            </td>
          ))}
          <td className={styles.compact} data-label={t.delete}>
            <Skeleton width="4.5rem" height="2.25rem" />
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

type Notice = { tone: 'success' | 'error'; text: string };

type DeleteMutation = ReturnType<typeof useDeleteOpportunity | typeof useDeleteOrganization>;

type ApprovalTableProps<T extends { id: string; name: string }> = {
  titleId: string;
  title: string;
  /** Said when nothing waits. */
  empty: string;
  query: UseQueryResult<T[]>;
  columns: readonly Column<T>[];
  /** The approval request for the selected ids of this table. */
  toSelection: (ids: string[]) => Selection;
  remove: DeleteMutation;
  confirmDelete: (name: string) => string;
  deleted: (name: string) => string;
  deleteFailed: (message: string) => string;
};

/**
 * One kind of item waiting for approval: its title with 'Approve Selected (n)' beside it, a
 * checkbox per row, its columns, and Delete after confirming (the outcome said under the title).
 */
const ApprovalTable = <T extends { id: string; name: string }>({
  titleId,
  title,
  empty,
  query,
  columns,
  toSelection,
  remove,
  confirmDelete,
  deleted,
  deleteFailed,
}: ApprovalTableProps<T>) => {
  const approve = useApproveSelected();
  const popup = usePopup();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<T | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // Only rows still listed count (a row may have left through another admin's action).
  const ids = (query.data ?? []).map((row) => row.id).filter((id) => selected.has(id));
  const count = ids.length;

  const approveSelected = () => {
    if (count === 0) {
      popup.show({ variant: 'warning', title: t.nothingSelectedTitle, message: t.nothingSelected });
      return;
    }
    setSelected(new Set());
    setNotice(null);
    approve.mutate(toSelection(ids), {
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

  const deleteConfirmed = () => {
    if (!pending) return;
    const { id, name } = pending;
    setPending(null);
    setNotice(null);
    setSelected((s) => toggleOff(s, id));
    remove.mutate(id, {
      onSuccess: () => setNotice({ tone: 'success', text: deleted(name) }),
      onError: (error) =>
        setNotice({ tone: 'error', text: deleteFailed(serverMessageOf(error) ?? error.message) }),
    });
  };

  return (
    <section
      className={styles.section}
      aria-labelledby={titleId}
      aria-busy={query.isPending || undefined}
    >
      <div className={styles.tableHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {query.isPending ? <Spinner size="small" label={texts.common.loading} /> : null}
        {count > 0 || approve.isPending ? (
          <Button
            size="small"
            loading={approve.isPending}
            aria-describedby={titleId}
            onClick={approveSelected}
          >
            {approve.isPending ? t.approving : t.approveSelected(count)}
          </Button>
        ) : null}
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {query.isPending ? (
        <PlaceholderTable columns={columns} />
      ) : query.data?.length ? (
        <ScrollTable label={texts.common.scrollableTable(title)}>
          <table className={cx(styles.textTable, styles.approvalTable)}>
            <ApprovalTableHead columns={columns} />
            <tbody>
              {query.data.map((row) => (
                <tr key={row.id}>
                  <td className={styles.compact} data-label={t.select}>
                    <input
                      type="checkbox"
                      aria-label={t.selectItem(row.name)}
                      checked={selected.has(row.id)}
                      onChange={() => setSelected((s) => toggle(s, row.id))}
                    />
                  </td>
                  {columns.map((column) => (
                    <td key={column.header} className={column.className} data-label={column.header}>
                      <div>{column.cell(row)}</div>
                    </td>
                  ))}
                  <td className={styles.compact} data-label={t.delete}>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={t.deleteItem(row.name)}
                      onClick={() => setPending(row)}
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
      {pending ? (
        <ConfirmDialog
          title={confirmDelete(pending.name)}
          message={t.confirmDeleteText}
          confirmLabel={t.delete}
          cancelLabel={t.cancel}
          destructive
          onConfirm={deleteConfirmed}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
};

/**
 * The unapproved opportunities and organizations (loaded when the panel opens), each table with
 * its own 'Approve Selected (n)' that takes the rows out at once and puts back what failed.
 */
export const UnapprovedTables = () => {
  const opportunities = useUnapprovedOpportunities();
  const organizations = useUnapprovedOrganizations();
  const deleteOpportunity = useDeleteOpportunity();
  const deleteOrganization = useDeleteOrganization();
  const loadFailed = opportunities.isError || organizations.isError;

  return (
    <>
      {loadFailed ? (
        <Alert>
          {serverMessageOf(opportunities.error ?? organizations.error) ??
            adminTexts.panel.loadFailed}
        </Alert>
      ) : null}
      <ApprovalTable
        titleId="admin-unapproved-opps-title"
        title={t.opportunitiesTitle}
        empty={t.noOpportunities}
        query={opportunities}
        columns={opportunityColumns}
        toSelection={(ids) => ({ opportunityIds: ids, organizationIds: [] })}
        remove={deleteOpportunity}
        confirmDelete={t.confirmDeleteOpportunity}
        deleted={t.deletedOpportunity}
        deleteFailed={t.deleteOpportunityFailed}
      />
      <ApprovalTable
        titleId="admin-unapproved-orgs-title"
        title={t.organizationsTitle}
        empty={t.noOrganizations}
        query={organizations}
        columns={organizationColumns}
        toSelection={(ids) => ({ opportunityIds: [], organizationIds: ids })}
        remove={deleteOrganization}
        confirmDelete={t.confirmDeleteOrganization}
        deleted={t.deletedOrganization}
        deleteFailed={t.deleteOrganizationFailed}
      />
    </>
  );
};

const toggleOff = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  next.delete(id);
  return next;
};
