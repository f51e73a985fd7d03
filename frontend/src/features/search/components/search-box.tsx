import { texts, type SearchResult } from '@campus/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import styles from './search-box.module.css';

export type SearchOrganization = SearchResult['organizations'][number];
export type SearchStudent = SearchResult['students'][number];

export type SearchBoxProps = {
  /** GET /api/search's answer for the current query; without it no dropdown opens. */
  results?: SearchResult;
  loading?: boolean;
  /** The trimmed query, on every change. */
  onQueryChange?: (query: string) => void;
  onJoin?: (organization: SearchOrganization) => void;
  onLeave?: (organization: SearchOrganization) => void;
  onAddFriend?: (student: SearchStudent) => void;
  /** Ids whose Join/Leave/Add Friend call is running (their button is disabled). */
  busyIds?: ReadonlySet<string>;
  className?: string;
};

/**
 * The header's search: an input and a dropdown grouping Organizations and Students. The dropdown
 * closes on a click outside, on Escape and when a result is followed.
 */
export const SearchBox = ({
  results,
  loading = false,
  onQueryChange,
  onJoin,
  onLeave,
  onAddFriend,
  busyIds,
  className,
}: SearchBoxProps) => {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const trimmed = query.trim();
  const expanded = open && trimmed !== '' && (results !== undefined || loading);

  useEffect(() => {
    if (!open) return;
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const close = () => setOpen(false);
  const isEmpty =
    results !== undefined && results.organizations.length === 0 && results.students.length === 0;

  return (
    <div ref={rootRef} className={cx(styles.root, className)} onKeyDown={onKeyDown}>
      <div className={styles.field}>
        <SearchIcon className={styles.icon} size={18} />
        <input
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
          onFocus={() => setOpen(true)}
        />
      </div>
      <div
        id={panelId}
        role="dialog"
        aria-label={texts.search.results}
        className={styles.panel}
        hidden={!expanded}
      >
        {!expanded ? null : loading && results === undefined ? (
          <p className={styles.status} role="status">
            {texts.search.searching}
          </p>
        ) : isEmpty ? (
          <p className={styles.status} role="status">
            {texts.search.noResults(trimmed)}
          </p>
        ) : results ? (
          <>
            {results.organizations.length > 0 ? (
              <section aria-labelledby={`${panelId}-orgs`}>
                <h3 id={`${panelId}-orgs`} className={styles.groupTitle}>
                  {texts.search.organizations}
                </h3>
                <ul className={styles.list}>
                  {results.organizations.map((organization) => (
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
                        className={cx(styles.action, organization.is_member && styles.actionMuted)}
                        disabled={busyIds?.has(organization.id)}
                        onClick={() =>
                          organization.is_member ? onLeave?.(organization) : onJoin?.(organization)
                        }
                      >
                        {organization.is_member ? texts.search.leave : texts.search.join}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {results.students.length > 0 ? (
              <section aria-labelledby={`${panelId}-students`}>
                <h3 id={`${panelId}-students`} className={styles.groupTitle}>
                  {texts.search.students}
                </h3>
                <ul className={styles.list}>
                  {results.students.map((student) => (
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
                      {student.friendship_status === 'friends' ? (
                        <span className={styles.friends}>{texts.search.friends}</span>
                      ) : (
                        <button
                          type="button"
                          className={styles.action}
                          disabled={busyIds?.has(student.id)}
                          onClick={() => onAddFriend?.(student)}
                        >
                          {texts.search.addFriend}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
};
