import { CAUSES, type Cause } from '@campus/contracts';
import field from './text-field.module.css';
import styles from './causes-picker.module.css';

type CausesPickerProps = {
  /** The group's legend. */
  label: string;
  hint?: string;
  value: readonly Cause[];
  /** Called with the whole new selection (a newly checked cause goes last). */
  onChange: (causes: Cause[]) => void;
  error?: string | null;
};

/** The causes an opportunity serves: one checkbox per cause, in list order, as a group. */
export const CausesPicker = ({ label, hint, value, onChange, error }: CausesPickerProps) => (
  <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined}>
    <legend className={field.label}>{label}</legend>
    {hint ? <p className={field.hint}>{hint}</p> : null}
    <div className={styles.causes}>
      {CAUSES.map((cause) => (
        <label key={cause} className={styles.check}>
          <input
            type="checkbox"
            checked={value.includes(cause)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, cause] : value.filter((c) => c !== cause))
            }
          />
          {cause}
        </label>
      ))}
    </div>
    {error ? <p className={field.error}>{error}</p> : null}
  </fieldset>
);
