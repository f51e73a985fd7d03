import { SEARCH_RESULT_LIMIT, texts, type SearchResult } from '@campus/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import styles from './search-box.module.css';

export type SearchOrganization = SearchResult['organizations'][number];
type SearchStudent = SearchResult['students'][number];

/** A failed Join/Leave/friend action: the product's text, and the server's words if any. */
export type SearchNotice = { message: string; detail: string | null };

type SearchBoxProps = {
  /** GET /api/search's answer for the current query; without it no dropdown opens. */
  results?: SearchResult;
  /** A newer answer is on its way (the shown one may belong to an earlier query). */
  loading?: boolean;
  /** The search call failed. */
  failed?: boolean;
  /** The trimmed query, on every change. */
  onQueryChange?: (query: string) => void;
  onJoin?: (organization: SearchOrganization) => void;
  onLeave?: (organization: SearchOrganization) => void;
  onAddFriend?: (student: SearchStudent) => void;
  /** Accepts the request a student sent (status 'received'). */
  onAccept?: (student: SearchStudent) => void;
  /** Ids whose Join/Leave/friend call is running (their button is disabled). */
  busyIds?: ReadonlySet<string>;
  /** Shown at the top of the dropdown after an action failed. */
  notice?: SearchNotice | null;
  className?: string;
};

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Clicks inside a modal (such as the leave confirmation) are not "outside" the search. */
const isInsideModal = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[aria-modal="true"]') !== null;

/**
 * The header's search: an input and a dropdown grouping Organizations and Students (at most 4
 * each). The dropdown closes on a click outside, on Escape, when focus leaves it and when a
 * result is followed. Arrow keys move between the input and the dropdown's links and buttons.
 */
export const SearchBox = ({
  results,
  loading = false,
  failed = false,
  onQueryChange,
  onJoin,
  onLeave,
  onAddFriend,
  onAccept,
  busyIds,
  notice,
  className,
}: SearchBoxProps) => {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Focus given back to the input on Escape must not reopen the dropdown.
  const refocusingRef = useRef(false);
  const panelId = useId();
  const trimmed = query.trim();
  const expanded = open && trimmed !== '' && (results !== undefined || loading || failed);

  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      if (isInsideModal(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
    };
  }, [open]);

  const focusables = () =>
    Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);

  const moveFocus = (step: 1 | -1) => {
    const items = focusables();
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index === -1) {
      if (step === 1) items[0]?.focus();
      return;
    }
    const next = index + step;
    if (next < 0) inputRef.current?.focus();
    else items[Math.min(next, items.length - 1)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setOpen(false);
      refocusingRef.current = true;
      inputRef.current?.focus();
      refocusingRef.current = false;
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      moveFocus(event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  const close = () => setOpen(false);
  const organizations = results?.organizations.slice(0, SEARCH_RESULT_LIMIT) ?? [];
  const students = results?.students.slice(0, SEARCH_RESULT_LIMIT) ?? [];
  const isEmpty = organizations.length === 0 && students.length === 0;

  return (
    <div
      ref={rootRef}
      className={cx(styles.root, className)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && rootRef.current?.contains(next)) return;
        if (next === null || isInsideModal(next)) return;
        setOpen(false);
      }}
    >
      <div className={styles.field}>
        <SearchIcon className={styles.icon} size={18} />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          className={styles.input}
          placeholder={texts.search.placeholder}
          aria-label={texts.search.label}
          aria-autocomplete="list"
          aria-haspopup="dialog"
          aria-expanded={expanded}
          aria-controls={panelId}
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            onQueryChange?.(event.target.value.trim());
          }}
          onFocus={() => {
            if (!refocusingRef.current) setOpen(true);
          }}
          onClick={() => setOpen(true)}
        />
      </div>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={texts.search.results}
        className={styles.panel}
        hidden={!expanded}
      >
        {!expanded ? null : (
          <>
            {notice ? (
              <p className={styles.notice} role="alert">
                <strong>{notice.message}</strong>
                {notice.detail && notice.detail !== notice.message ? ` — ${notice.detail}` : null}
              </p>
            ) : null}
            {failed && !loading ? (
              <p className={styles.status} role="alert">
                {texts.groups.search.failed}
              </p>
            ) : isEmpty ? (
              <p className={styles.status} role="status">
                {loading ? texts.search.searching : texts.search.noResults(trimmed)}
              </p>
            ) : (
              <>
                {organizations.length > 0 ? (
                  <section aria-labelledby={`${panelId}-orgs`}>
                    <h3 id={`${panelId}-orgs`} className={styles.groupTitle}>
                      {texts.search.organizations}
                    </h3>
                    <ul className={styles.list}>
                      {organizations.map((organization) => (
                        <li key={organization.id} className={styles.row}>
                          <Link
                            to={paths.groupDetail.getHref(organization.id)}
                            className={styles.rowLink}
                            onClick={close}
                          >
                            <span className={styles.orgMark} aria-hidden="true">
                              {organization.name.charAt(0).toUpperCase()}
                            </span>
                            <span className={styles.rowText}>
                              <span className={styles.rowName}>{organization.name}</span>
                              <span className={styles.rowMeta}>{organization.type}</span>
                            </span>
                          </Link>
                          <button
                            type="button"
                            className={cx(
                              styles.action,
                              organization.is_member && styles.actionMuted,
                            )}
                            disabled={busyIds?.has(organization.id)}
                            aria-label={`${organization.is_member ? texts.search.leave : texts.search.join} ${organization.name}`}
                            onClick={() =>
                              organization.is_member
                                ? onLeave?.(organization)
                                : onJoin?.(organization)
                            }
                          >
                            {organization.is_member ? texts.search.leave : texts.search.join}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {students.length > 0 ? (
                  <section aria-labelledby={`${panelId}-students`}>
                    <h3 id={`${panelId}-students`} className={styles.groupTitle}>
                      {texts.search.students}
                    </h3>
                    <ul className={styles.list}>
                      {students.map((student) => (
                        <li key={student.id} className={styles.row}>
                          <Link
                            to={paths.profile.getHref(student.id)}
                            className={styles.rowLink}
                            onClick={close}
                          >
                            <Avatar src={student.profile_image} name={student.name} size="small" />
                            <span className={styles.rowText}>
                              <span className={styles.rowName}>{student.name}</span>
                            </span>
                          </Link>
                          <StudentAction
                            student={student}
                            busy={busyIds?.has(student.id) === true}
                            onAddFriend={onAddFriend}
                            onAccept={onAccept}
                          />
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
};

type StudentActionProps = {
  student: SearchStudent;
  busy: boolean;
  onAddFriend: SearchBoxProps['onAddFriend'];
  onAccept: SearchBoxProps['onAccept'];
};

/** 'Add Friend', 'Request Sent', 'Accept' or 'Friends ✓' by the friendship's state. */
const StudentAction = ({ student, busy, onAddFriend, onAccept }: StudentActionProps) => {
  switch (student.friendship_status) {
    case 'friends':
      return <span className={styles.friends}>{texts.search.friends}</span>;
    case 'sent':
      return <span className={styles.pending}>{texts.groups.friends.requestSent}</span>;
    case 'received':
      return (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          aria-label={`${texts.groups.friends.accept} ${student.name}`}
          onClick={() => onAccept?.(student)}
        >
          {texts.groups.friends.accept}
        </button>
      );
    case 'add':
      return (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          aria-label={`${texts.search.addFriend} ${student.name}`}
          onClick={() => onAddFriend?.(student)}
        >
          {texts.search.addFriend}
        </button>
      );
    default: {
      const unexpected: never = student.friendship_status;
      return unexpected;
    }
  }
};
