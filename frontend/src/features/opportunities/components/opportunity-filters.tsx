import { CAUSES, texts, type Cause } from '@campus/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import { noFilters, type OpportunityFilters } from '../api/get-opportunities';
import { cx } from '@/lib/cx';
import styles from './opportunity-filters.module.css';

const t = texts.opportunities.list;
const TEXT_DELAY_MS = 300;

const isCause = (value: string): value is Cause => (CAUSES as readonly string[]).includes(value);
const isDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters a URL's search parameters hold (`q`, `cause`, `from`, `to`, `open`); bad values are dropped. */
export const filtersFromSearch = (params: URLSearchParams): OpportunityFilters => {
  const cause = params.get('cause') ?? '';
  const from = params.get('from');
  const to = params.get('to');
  return {
    q: params.get('q') ?? '',
    cause: isCause(cause) ? cause : '',
    from: isDate(from) ? from : '',
    to: isDate(to) ? to : '',
    openSlots: params.get('open') === 'true',
  };
};

/** The search parameters of `filters`, only those that are set. */
export const searchOfFilters = (filters: OpportunityFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.cause) params.set('cause', filters.cause);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.openSlots) params.set('open', 'true');
  return params;
};

export const isDateRangeInvalid = (filters: OpportunityFilters): boolean =>
  !!filters.from && !!filters.to && filters.from > filters.to;

type OpportunityFiltersProps = {
  filters: OpportunityFilters;
  /** Applied to the filters current when it runs (typing lands a moment later). */
  onChange: (patch: Partial<OpportunityFilters>) => void;
};

/** Text, cause, date range and open-slots filters of the Events list. Typing waits a moment. */
export const OpportunityFiltersBar = ({ filters, onChange }: OpportunityFiltersProps) => {
  const id = useId();
  const [text, setText] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onText = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ q: value }), TEXT_DELAY_MS);
  };
  const active =
    text !== '' ||
    filters.cause !== '' ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.openSlots;
  const rangeInvalid = isDateRangeInvalid(filters);

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t.filters}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        onChange({ q: text });
      }}
    >
      <div className={cx(styles.field, styles.search)}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          {t.search}
        </label>
        <span className={styles.inputWithIcon}>
          <SearchIcon size={18} className={styles.inputIcon} />
          <input
            id={`${id}-q`}
            type="search"
            className={styles.input}
            placeholder={t.searchPlaceholder}
            value={text}
            maxLength={100}
            onChange={(event) => onText(event.target.value)}
          />
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-cause`} className={styles.label}>
          {t.cause}
        </label>
        <select
          id={`${id}-cause`}
          className={styles.input}
          value={filters.cause}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ cause: isCause(value) ? value : '' });
          }}
        >
          <option value="">{t.allCauses}</option>
          {CAUSES.map((cause) => (
            <option key={cause} value={cause}>
              {cause}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`} className={styles.label}>
          {t.from}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.input}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`} className={styles.label}>
          {t.to}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.input}
          value={filters.to}
          min={filters.from || undefined}
          aria-invalid={rangeInvalid || undefined}
          aria-describedby={rangeInvalid ? `${id}-range` : undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={filters.openSlots}
          onChange={(event) => onChange({ openSlots: event.target.checked })}
        />
        {t.openSlotsOnly}
      </label>
      {active ? (
        <Button
          variant="ghost"
          size="small"
          className={styles.clear}
          onClick={() => {
            clearTimeout(timer.current);
            setText('');
            onChange(noFilters);
          }}
        >
          {t.clearFilters}
        </Button>
      ) : null}
      {rangeInvalid ? (
        <p id={`${id}-range`} className={styles.error} role="alert">
          {t.dateRangeInvalid}
        </p>
      ) : null}
    </form>
  );
};
