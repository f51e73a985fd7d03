import { impactTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isRangeInvalid, noImpactFilters, type ImpactFilters } from '../utils/filters';
import field from '@/components/ui/text-field.module.css';
import { styles } from './impact-styles';

const t = impactTexts.ui;

type ImpactFiltersFormProps = {
  /** The filters in force (the URL's), the organization resolved. */
  applied: ImpactFilters;
  /** The organizations to choose from, by name. */
  organizations: readonly { id: string; name: string }[];
  /** Offers 'All organizations' (admins). */
  allowAll: boolean;
  onApply: (filters: ImpactFilters) => void;
  onReset: () => void;
};

/**
 * From, To, As of and Organization, applied together with Apply (a new history entry, so Back
 * returns to the previous view); what is typed follows the URL when it changes (Back, a link).
 */
export const ImpactFiltersForm = ({
  applied,
  organizations,
  allowAll,
  onApply,
  onReset,
}: ImpactFiltersFormProps) => {
  const organizationId = useId();
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  const [badRange, setBadRange] = useState(false);
  // The URL moved on (Apply, Back, Reset): the fields show what is now in force.
  if (
    shown.from !== applied.from ||
    shown.to !== applied.to ||
    shown.asOf !== applied.asOf ||
    shown.organization !== applied.organization
  ) {
    setShown(applied);
    setDraft(applied);
    setBadRange(false);
  }
  const edit = (patch: Partial<ImpactFilters>) => setDraft({ ...draft, ...patch });

  return (
    <form
      className={styles.filters}
      aria-label={t.filters.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = isRangeInvalid(draft);
        setBadRange(invalid);
        if (!invalid) onApply(draft);
      }}
    >
      <div className={styles.fields}>
        <TextField
          label={t.filters.from}
          type="date"
          value={draft.from}
          onChange={(event) => edit({ from: event.target.value })}
        />
        <TextField
          label={t.filters.to}
          type="date"
          value={draft.to}
          error={badRange ? t.badRange : null}
          announceError
          onChange={(event) => edit({ to: event.target.value })}
        />
        <TextField
          label={t.filters.asOf}
          hint={t.filters.asOfHint}
          type="date"
          value={draft.asOf}
          onChange={(event) => edit({ asOf: event.target.value })}
        />
        <div className={field.field}>
          <label className={field.label} htmlFor={organizationId}>
            {t.filters.organization}
          </label>
          <select
            id={organizationId}
            className={field.input}
            value={draft.organization}
            onChange={(event) => edit({ organization: event.target.value })}
          >
            {allowAll ? <option value="">{t.filters.allOrganizations}</option> : null}
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.actions}>
        <Button type="submit">{t.filters.apply}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({ ...noImpactFilters, organization: allowAll ? '' : applied.organization });
            setBadRange(false);
            onReset();
          }}
        >
          {t.filters.reset}
        </Button>
      </div>
    </form>
  );
};
