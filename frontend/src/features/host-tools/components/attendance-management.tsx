import { type OpportunityDetail, checkInTexts, hostTexts } from '@campus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FailureAlert } from '@/components/ui/failure-alert';
import { useCheckIns } from '@/features/check-in';
import { serverMessageOf } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';
import { useMarkAttendance } from '../api/manage-opportunity';
import { clampHours, clampMinutes, splitDuration } from '../utils/attendance-duration';
import styles from './host-tools.module.css';

const t = hostTexts.attendance;

type AttendanceManagementProps = {
  opportunity: OpportunityDetail;
  /** Attendance may be sent once the opportunity has started (docs/product-rules.md). */
  started: boolean;
};

/**
 * Check who attended, enter hours (0-24) and minutes (0-59), submit once; afterwards
 * each participant is locked as 'Attended' or 'Did not attend'. Participants who checked in with
 * the QR code start ticked; the host's own ticks and unticks win.
 */
export const AttendanceManagement = ({ opportunity: o, started }: AttendanceManagementProps) => {
  const queryClient = useQueryClient();
  const mark = useMarkAttendance(o.id);
  const initial = splitDuration(o.duration);
  const checkIns = useCheckIns(o.id, !o.attendance_marked);
  const checkedInIds = new Set(checkIns.data?.user_ids ?? []);
  /** The host's own choices; everyone else follows the check-in list. */
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [hours, setHours] = useState(initial.hours);
  const [minutes, setMinutes] = useState(initial.minutes);
  const [displayFailed, setDisplayFailed] = useState(false);
  /** The counts sent, once the server took them: what the success message reports. */
  const [submitted, setSubmitted] = useState<{ attended: number; absent: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const locked = o.attendance_marked;
  const participants = o.involved_users.filter((u) => u.registered);
  const isChecked = (userId: string) => choices.get(userId) ?? checkedInIds.has(userId);
  const checked = participants.filter((p) => isChecked(p.id)).map((p) => p.id);

  const toggle = (userId: string, on: boolean) => {
    setChoices(new Map(choices).set(userId, on));
  };

  // A success whose refreshed detail fails to load has its own message.
  const refreshDetail = async () => {
    try {
      await queryClient.refetchQueries(
        { queryKey: opportunityKeys.detail(o.id) },
        { throwOnError: true },
      );
    } catch {
      setDisplayFailed(true);
    }
    void queryClient.invalidateQueries({ queryKey: opportunityKeys.all });
  };

  // Attendance cannot be sent twice: the host confirms the counts first.
  const submit = () => {
    setDisplayFailed(false);
    const counts = { attended: checked.length, absent: participants.length - checked.length };
    mark.mutate(
      { userIds: checked, duration: hours * 60 + minutes },
      {
        onSuccess: () => {
          setSubmitted(counts);
          void refreshDetail();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t.title}
      </h2>
      {locked ? null : <p className={styles.muted}>{t.intro}</p>}
      <ul className={styles.attendees}>
        <li className={styles.attendee}>
          <Avatar src={o.host.profile_image} name={o.host.name} size="small" />
          <span className={styles.attendeeName}>{o.host.name}</span>
          <span className={styles.present}>{t.hostPresent}</span>
        </li>
        {participants.map((p) => (
          <li key={p.id} className={styles.attendee}>
            <label className={styles.attendeeCheck}>
              <input
                type="checkbox"
                disabled={locked || mark.isPending}
                checked={locked ? p.attended : isChecked(p.id)}
                onChange={(event) => toggle(p.id, event.target.checked)}
                aria-label={t.present(p.name)}
              />
              <Avatar src={p.profile_image} name={p.name} size="small" />
              <span className={styles.attendeeName}>{p.name}</span>
            </label>
            {!locked && checkedInIds.has(p.id) ? (
              <span className={styles.present}>{checkInTexts.badge}</span>
            ) : null}
            {locked ? (
              <span className={p.attended ? styles.present : styles.absent}>
                {p.attended ? t.attended : t.didNotAttend}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {participants.length === 0 ? <p className={styles.muted}>{t.noParticipants}</p> : null}
      {locked ? null : (
        <fieldset className={styles.duration}>
          <legend className={styles.label}>{t.duration}</legend>
          <DurationInput
            label={t.hours}
            hint={t.hoursHint}
            value={hours}
            onChange={(typed) => setHours(clampHours(typed))}
          />
          <DurationInput
            label={t.minutes}
            hint={t.minutesHint}
            value={minutes}
            onChange={(typed) => setMinutes(clampMinutes(typed))}
          />
        </fieldset>
      )}
      {!locked && !started ? <p className={styles.muted}>{t.notStarted}</p> : null}
      <Button
        fullWidth
        onClick={() => {
          mark.reset();
          setConfirming(true);
        }}
        loading={mark.isPending}
        disabled={locked || !started || (hours === 0 && minutes === 0)}
      >
        {locked ? t.alreadySubmitted : mark.isPending ? t.submitting : t.submit}
      </Button>
      {mark.isError ? (
        <FailureAlert
          message={t.submitFailed(serverMessageOf(mark.error) ?? mark.error.message)}
          detail={null}
        />
      ) : null}
      {displayFailed ? <Alert>{t.displayFailed}</Alert> : null}
      {submitted && !displayFailed ? (
        <Alert tone="success">{t.submitted(submitted.attended, submitted.absent)}</Alert>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmMessage(
            checked.length,
            participants.length - checked.length,
            hours * 60 + minutes,
          )}
          confirmLabel={t.confirm}
          cancelLabel={t.cancel}
          busy={mark.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={submit}
        />
      ) : null}
    </section>
  );
};

type DurationInputProps = {
  label: string;
  hint: string;
  value: number;
  onChange: (typed: string) => void;
};

/** A text field with a numeric keyboard: what is typed is clamped or reset by the caller. */
const DurationInput = ({ label, hint, value, onChange }: DurationInputProps) => {
  const id = useId();
  return (
    <div className={styles.durationField}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        value={String(value)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        onFocus={(event) => event.target.select()}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
    </div>
  );
};
