import { type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { TextField } from '@/components/ui/text-field';
import { serverMessageOf } from '@/lib/api-client';
import { useUpdateOpportunity } from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = hostTexts.slots;

/** A whole number of at least 1 and not below the participants; no change just closes. */
type SlotLimitCheck = { error: string } | { unchanged: true } | { limit: number };

const checkSlotLimit = (typed: string, current: number, participants: number): SlotLimitCheck => {
  const text = typed.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) return { error: t.wholeNumber };
  if (n < participants) return { error: t.belowParticipants(participants) };
  if (n === current) return { unchanged: true };
  return { limit: n };
};

export const SlotManagement = ({ opportunity: o }: { opportunity: OpportunityDetail }) => {
  const update = useUpdateOpportunity(o.id);
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState(String(o.total_slots));
  const [error, setError] = useState<string | null>(null);
  /** The limit last saved, for the success message. */
  const [saved, setSaved] = useState<number | null>(null);
  const headingId = useId();

  const close = () => {
    setEditing(false);
    setError(null);
    update.reset();
  };

  const save = () => {
    const check = checkSlotLimit(typed, o.total_slots, o.registered_count);
    if ('error' in check) {
      setError(check.error);
      return;
    }
    if ('unchanged' in check) {
      close();
      return;
    }
    setError(null);
    update.mutate(
      { total_slots: check.limit },
      {
        onSuccess: () => {
          close();
          setSaved(check.limit);
        },
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t.title}
      </h2>
      <p className={styles.stat}>{t.current(o.registered_count, o.total_slots)}</p>
      <p className={styles.muted}>{t.rule}</p>
      {editing ? (
        <form
          className={styles.inlineForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextField
            label={t.limit}
            type="number"
            min={Math.max(1, o.registered_count)}
            step={1}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
          <div className={styles.buttons}>
            <Button variant="secondary" size="small" onClick={close} disabled={update.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" size="small" loading={update.isPending}>
              {t.save}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setSaved(null);
            setTyped(String(o.total_slots));
            setEditing(true);
          }}
        >
          {t.edit}
        </Button>
      )}
      {saved !== null && !editing ? <Alert tone="success">{t.updated(saved)}</Alert> : null}
      {update.isError ? (
        <FailureAlert
          message={t.updateFailed(serverMessageOf(update.error) ?? update.error.message)}
          detail={null}
        />
      ) : null}
    </section>
  );
};
