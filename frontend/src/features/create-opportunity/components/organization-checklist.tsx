import { hostTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import styles from './create-opportunity-form.module.css';

type OrganizationChecklistProps = {
  organizations: readonly { id: string; name: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
};

/** The private opportunity's visibility list: organizations filtered by name, checked one by one. */
export const OrganizationChecklist = ({
  organizations,
  value,
  onChange,
  error,
}: OrganizationChecklistProps) => {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const errorId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = organizations.filter((o) => o.name.toLowerCase().includes(needle));
  return (
    <fieldset
      className={styles.fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.label}>{hostTexts.create.visibility}</legend>
      <label className="visually-hidden" htmlFor={filterId}>
        {hostTexts.create.filterOrganizations}
      </label>
      <input
        id={filterId}
        className={styles.input}
        type="search"
        placeholder={hostTexts.create.filterOrganizations}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className={styles.checklist}>
        {shown.map((o) => (
          <li key={o.id}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={value.includes(o.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...value, o.id] : value.filter((id) => id !== o.id),
                  )
                }
              />
              {o.name}
            </label>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className={styles.hint}>{hostTexts.create.noOrganizationsMatch}</p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};
