import { hostTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import styles from './create-opportunity-form.module.css';

type ListEditorProps = {
  label: string;
  hint?: string;
  addLabel: string;
  value: string[];
  onChange: (value: string[]) => void;
};

/** A short list of texts (qualifications): type one, add it, remove any. */
export const ListEditor = ({ label, hint, addLabel, value, onChange }: ListEditorProps) => {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = () => {
    const item = draft.trim();
    if (item && !value.includes(item)) onChange([...value, item]);
    setDraft('');
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.listInput}>
        <input
          id={id}
          className={styles.input}
          value={draft}
          maxLength={200}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          {addLabel}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {value.length ? (
        <ul className={styles.chips} aria-label={label}>
          {value.map((item) => (
            <li key={item} className={styles.chip}>
              {item}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={hostTexts.create.removeItem(item)}
                onClick={() => onChange(value.filter((v) => v !== item))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
