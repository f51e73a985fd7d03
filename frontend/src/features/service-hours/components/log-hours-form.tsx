import {
  ATTENDANCE_HOURS_MAX,
  CAUSES,
  easternToday,
  logServiceHoursSchema,
  texts,
  type OrganizationListItem,
  hostTexts,
  serviceHoursTexts,
} from '@campus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { checkImageFile } from '@/lib/upload';
import { useServerNow } from '@/lib/use-server-now';
import { useLogServiceHours } from '../api/service-logs';
import {
  emptyLogHoursValues,
  formFieldOf,
  serviceDateBounds,
  toLogBody,
  type LogHoursField,
  type LogHoursFormValues,
} from '../utils/form-values';
import field from '@/components/ui/text-field.module.css';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;
const errorTexts = serviceHoursTexts.errors;

/** The fields in the order they are shown: the first one with an error takes focus. */
const FIELD_ORDER: readonly LogHoursField[] = [
  'organization_id',
  'outside_organization',
  'date',
  'minutes',
  'cause',
  'description',
  'verifier_name',
  'verifier_email',
];

type ResolverContext = { today: string };

// Raw mode: the command's schema validates the body the form would send (with the server's own
// messages); its errors are shown on the fields that edit them.
const schemaResolver = zodResolver(logServiceHoursSchema, undefined, { raw: true });

/** The date rule the command checks with the clock (docs/service-hours.md), checked before sending. */
const dateRuleMessage = (date: string, today: string): string | null => {
  if (!date) return null;
  const { min, max } = serviceDateBounds(today);
  return date > max ? errorTexts.futureDate : date < min ? errorTexts.tooOld : null;
};

const resolver: Resolver<LogHoursFormValues, ResolverContext> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(toLogBody(values), context, options as never);
  const errors: FieldErrors<LogHoursFormValues> = {};
  for (const [bodyField, error] of Object.entries(result.errors)) {
    const name = formFieldOf(bodyField, values.where);
    if (name && !errors[name] && typeof error.message === 'string') {
      errors[name] = { type: 'validate', message: error.message };
    }
  }
  // The schema names a missing organization only once the other fields pass: the form at once.
  if (values.where === 'platform' && !values.organization_id && !errors.organization_id) {
    errors.organization_id = { type: 'required', message: t.chooseOrganization };
  }
  if (
    values.where === 'outside' &&
    !values.outside_organization.trim() &&
    !errors.outside_organization
  ) {
    errors.outside_organization = { type: 'required', message: t.outsideOrganizationRequired };
  }
  const dateMessage = context ? dateRuleMessage(values.date, context.today) : null;
  if (dateMessage && !errors.date) errors.date = { type: 'validate', message: dateMessage };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

type LogHoursFormProps = {
  /** Approved organizations, the platform's choices (null while they load). */
  organizations: readonly OrganizationListItem[] | null;
  /** Closes the form: `logged` when the hours were sent. */
  onDone: (logged: boolean) => void;
};

/**
 * Log hours (POST /api/hours): where (an approved organization or an outside one by name), the
 * Eastern date (today at the latest), hours and minutes, cause, what was done, who can confirm
 * it, and an optional photo uploaded first. The command's schema checks the fields before
 * sending; the server's own field errors show on their fields.
 */
export const LogHoursForm = ({ organizations, onDone }: LogHoursFormProps) => {
  const now = useServerNow();
  const today = easternToday(now);
  const bounds = serviceDateBounds(today);
  const logHours = useLogServiceHours();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const photoId = useId();
  const photoErrorId = useId();
  const organizationId = useId();
  const organizationErrorId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<LogHoursFormValues, ResolverContext>({
    defaultValues: emptyLogHoursValues(),
    resolver,
    context: { today },
    // The organization's field comes and goes with the choice above it: the form's own order
    // decides which error takes focus, not the order the fields first appeared in.
    shouldFocusError: false,
  });
  const where = useWatch({ control, name: 'where' });
  const [preview, setPreview] = useState<string | null>(null);

  // The preview URL lives as long as it is shown.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const pickPhoto = (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (check !== 'ok') {
      setPhotoError(
        check === 'tooLarge' ? hostTexts.create.imageTooLarge : hostTexts.create.imageTypeError,
      );
      setPhoto(null);
      setPreview(null);
      if (photoRef.current) photoRef.current.value = '';
      return;
    }
    setPhotoError(null);
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };

  const removePhoto = () => {
    setPhoto(null);
    setPreview(null);
    setPhotoError(null);
    if (photoRef.current) photoRef.current.value = '';
  };

  /** Focuses the first field (in the form's order) that has an error. */
  const focusFirst = (names: ReadonlySet<LogHoursField>) => {
    const first = FIELD_ORDER.find((name) => names.has(name));
    if (first) setFocus(first);
  };

  /** The server's field errors on their fields, the first one focused. */
  const showServerErrors = (fieldErrors: Readonly<Record<string, string>>) => {
    const shown = new Map<LogHoursField, string>();
    for (const [bodyField, message] of Object.entries(fieldErrors)) {
      if (bodyField === 'photo' || bodyField === 'file') {
        setPhotoError(message);
        continue;
      }
      const name = formFieldOf(bodyField, where);
      if (name && !shown.has(name)) shown.set(name, message);
    }
    for (const [name, message] of shown) setError(name, { type: 'server', message });
    focusFirst(new Set(shown.keys()));
  };

  const onSubmit = handleSubmit(
    (values) => {
      logHours.mutate(
        { body: toLogBody(values), photo },
        {
          onSuccess: () => onDone(true),
          onError: (error) => {
            if (error instanceof ApiError) showServerErrors(error.fieldErrors);
          },
        },
      );
    },
    (invalid) => focusFirst(new Set(Object.keys(invalid) as LogHoursField[])),
  );

  const organizationError = errors.organization_id?.message;
  return (
    <form
      className={styles.form}
      aria-labelledby="log-hours-title"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id="log-hours-title" className={styles.sectionTitle}>
        {t.formTitle}
      </h2>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.organizationKind}</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input type="radio" value="platform" {...register('where')} />
            {t.onPlatform}
          </label>
          <label className={styles.choice}>
            <input type="radio" value="outside" {...register('where')} />
            {t.offPlatform}
          </label>
        </div>
      </fieldset>
      {where === 'platform' ? (
        <div className={field.field}>
          <label className={field.label} htmlFor={organizationId}>
            {t.organization}
          </label>
          <select
            id={organizationId}
            className={field.input}
            aria-invalid={organizationError ? true : undefined}
            aria-describedby={organizationError ? organizationErrorId : undefined}
            {...register('organization_id')}
          >
            <option value="">{organizations ? t.chooseOrganization : texts.common.loading}</option>
            {(organizations ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          {organizationError ? (
            <p id={organizationErrorId} className={field.error}>
              {organizationError}
            </p>
          ) : null}
        </div>
      ) : (
        <TextField
          label={t.outsideOrganization}
          autoComplete="organization"
          {...register('outside_organization')}
          error={errors.outside_organization?.message}
        />
      )}
      <div className={styles.row}>
        <TextField
          label={t.date}
          type="date"
          min={bounds.min}
          max={bounds.max}
          {...register('date')}
          error={errors.date?.message}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t.duration}</legend>
          <div className={styles.pair}>
            <TextField
              label={t.hours}
              type="number"
              inputMode="numeric"
              min={0}
              max={ATTENDANCE_HOURS_MAX}
              step={1}
              {...register('hours', { valueAsNumber: true })}
            />
            <TextField
              label={t.minutes}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('minutes', { valueAsNumber: true })}
              error={errors.minutes?.message}
            />
          </div>
        </fieldset>
      </div>
      <SelectField
        label={t.cause}
        options={CAUSES}
        placeholder={t.chooseCause}
        {...register('cause')}
        error={errors.cause?.message}
      />
      <TextAreaField
        label={t.description}
        rows={4}
        {...register('description')}
        error={errors.description?.message}
      />
      <div className={styles.row}>
        <TextField
          label={t.verifierName}
          hint={t.verifierHint}
          autoComplete="off"
          {...register('verifier_name')}
          error={errors.verifier_name?.message}
        />
        <TextField
          label={t.verifierEmail}
          type="email"
          autoComplete="off"
          {...register('verifier_email')}
          error={errors.verifier_email?.message}
        />
      </div>
      <div className={field.field}>
        <label className={field.label} htmlFor={photoId}>
          {t.photo}
        </label>
        <div className={styles.photoRow}>
          <input
            ref={photoRef}
            id={photoId}
            type="file"
            accept="image/*"
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? photoErrorId : undefined}
            onChange={(event) => pickPhoto(event.target.files?.[0])}
          />
          {photo ? (
            <Button variant="ghost" size="small" onClick={removePhoto}>
              {t.removePhoto}
            </Button>
          ) : null}
        </div>
        {preview ? <img src={preview} alt="" className={styles.photoPreview} /> : null}
        {photoError ? (
          <p id={photoErrorId} className={field.error} role="alert">
            {photoError}
          </p>
        ) : null}
      </div>
      {logHours.isError ? (
        <FailureAlert message={t.submitFailed} detail={serverMessageOf(logHours.error)} />
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={logHours.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" loading={logHours.isPending}>
          {logHours.isPending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
};
