import {
  EDIT_DURATION_MIN,
  easternToday,
  easternToInstant,
  hasStarted,
  texts,
  updateOpportunitySchema,
  type Cause,
  type OpportunityDetail,
  hostTexts,
} from '@campus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CausesPicker } from '@/components/ui/causes-picker';
import { FailureAlert } from '@/components/ui/failure-alert';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { useServerNow } from '@/lib/use-server-now';
import { useUpdateOpportunity } from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = hostTexts.manage;
const integrity = texts.opportunities.integrity;

type EditDetailsValues = {
  name: string;
  description: string;
  nonprofit: string;
  address: string;
  date: string;
  time: string;
  duration: number;
  redirect_url: string;
  causes: Cause[];
};

// The edit command's schema decides (duration at least 1, redirect a URL, blank stored as null).
const schemaResolver = zodResolver(updateOpportunitySchema, undefined, { raw: true });
const resolver: Resolver<EditDetailsValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options as never);
  return Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as never }
    : { values, errors: {} };
};

export type EditDetailsFormProps = {
  opportunity: OpportunityDetail;
  /** Closes the form without saving. */
  onDone: () => void;
  /** The server took the changes; the caller closes the form and says so. */
  onSaved: () => void;
};

/**
 * Edit mode's fields: name, description, nonprofit, location, date, time, duration, link.
 * A new start must be in the future, and once attendance is marked the schedule is shown read-only
 * (docs/product-rules.md); the server decides both, the form only says so before sending.
 */
export const EditDetailsForm = ({ opportunity: o, onDone, onSaved }: EditDetailsFormProps) => {
  const update = useUpdateOpportunity(o.id);
  const now = useServerNow();
  const scheduleFixed = o.attendance_marked;
  const { data: user } = useCurrentUser();
  // The command unapproves an approved opportunity its host lengthens; admins keep the approval.
  const lengthenHint = o.approved && !user?.admin ? integrity.lengthenHint : undefined;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditDetailsValues>({
    resolver,
    defaultValues: {
      name: o.name,
      description: o.description,
      nonprofit: o.nonprofit ?? '',
      address: o.address ?? '',
      date: o.date,
      time: o.time.slice(0, 5),
      duration: o.duration,
      redirect_url: o.redirect_url ?? '',
      causes: [...o.causes],
    },
  });
  const onSubmit = handleSubmit((values) => {
    const moved = values.date !== o.date || values.time !== o.time.slice(0, 5);
    if (moved && hasStarted(now, easternToInstant(values.date, values.time))) {
      setError('date', { message: integrity.startInPast }, { shouldFocus: true });
      return;
    }
    update.mutate(values, { onSuccess: onSaved });
  });
  const serverFields = update.error instanceof ApiError ? update.error.fieldErrors : {};
  const scheduleHint = scheduleFixed ? integrity.scheduleFixedHint : undefined;
  return (
    <form
      className={styles.editForm}
      noValidate
      aria-label={t.editTitle}
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextField label={t.name} {...register('name')} error={errors.name?.message} />
      <TextAreaField
        label={t.description}
        rows={5}
        {...register('description')}
        error={errors.description?.message}
      />
      <div className={styles.row}>
        <TextField
          label={t.nonprofit}
          {...register('nonprofit')}
          error={errors.nonprofit?.message}
        />
        <TextField label={t.location} {...register('address')} error={errors.address?.message} />
      </div>
      <div className={styles.row}>
        <TextField
          label={t.date}
          type="date"
          min={scheduleFixed ? undefined : easternToday(now)}
          readOnly={scheduleFixed}
          hint={scheduleHint ?? integrity.startHint}
          {...register('date')}
          error={errors.date?.message ?? serverFields['date']}
        />
        <TextField
          label={t.time}
          type="time"
          readOnly={scheduleFixed}
          hint={scheduleHint}
          {...register('time')}
          error={errors.time?.message ?? serverFields['time']}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t.duration}
          type="number"
          min={EDIT_DURATION_MIN}
          step={1}
          readOnly={scheduleFixed}
          hint={scheduleHint ?? lengthenHint}
          {...register('duration', { valueAsNumber: true })}
          error={errors.duration?.message}
        />
        <TextField
          label={t.redirectUrl}
          type="url"
          {...register('redirect_url')}
          error={errors.redirect_url?.message}
        />
      </div>
      <Controller
        control={control}
        name="causes"
        render={({ field }) => (
          <CausesPicker
            label={t.causes}
            value={field.value}
            onChange={field.onChange}
            error={errors.causes?.message}
          />
        )}
      />
      {update.isError ? (
        <FailureAlert
          message={t.updateFailed(serverMessageOf(update.error) ?? update.error.message)}
          detail={null}
        />
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {hostTexts.manage.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
};
