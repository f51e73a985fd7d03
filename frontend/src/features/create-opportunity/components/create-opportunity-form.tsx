import {
  CREATE_DURATION_MIN,
  CREATE_DURATION_STEP,
  MIN_TOTAL_SLOTS,
  createOpportunitySchema,
  type Opportunity,
  hostTexts,
} from '@campus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CausesPicker } from '@/components/ui/causes-picker';
import { FailureAlert } from '@/components/ui/failure-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { useCreateOpportunity } from '../api/create-opportunity';
import { useApprovedOrganizations } from '../api/get-organizations';
import {
  emptyFormValues,
  formValuesFromClone,
  type CreateOpportunityFormValues,
} from '../utils/form-values';
import styles from './create-opportunity-form.module.css';
import { ImageDropZone } from './image-drop-zone';
import { ListEditor } from './list-editor';
import { OrganizationChecklist } from './organization-checklist';

const t = hostTexts.create;

/** The redirect comes 2 seconds after success. */
const REDIRECT_AFTER_CREATE_MS = 2000;

// Raw mode: the schema validates (with the server's own messages) and the values stay as typed.
const schemaResolver = zodResolver(createOpportunitySchema, undefined, { raw: true });

/** POST /api/opps's schema from contracts decides; only the blank host's message is the form's own. */
const resolver: Resolver<CreateOpportunityFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options as never);
  const errors = { ...result.errors };
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  if (errors.host_org_id && !values.host_org_id) {
    errors.host_org_id = { type: 'required', message: t.chooseHostOrganizationError };
  }
  return { values: {}, errors: errors as never };
};

type CreateOpportunityFormProps = {
  /** An opportunity to start from (Clone Opportunity on the detail page). */
  clone: Opportunity | null;
};

/** /create-opportunity: the form, the upload, the success message and the redirect. */
export const CreateOpportunityForm = ({ clone }: CreateOpportunityFormProps) => {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const organizations = useApprovedOrganizations();
  const create = useCreateOpportunity();
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(clone?.imageUrl ?? null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CreateOpportunityFormValues>({
    defaultValues: clone ? formValuesFromClone(clone) : emptyFormValues(),
    resolver,
  });
  const isPrivate = useWatch({ control, name: 'isPrivate' });

  const isAdmin = user?.admin ?? false;
  const hostOptions = useMemo(() => {
    const approved = organizations.data ?? [];
    const mine = isAdmin
      ? approved
      : approved.filter((o) => o.is_member || o.host_user_id === user?.id);
    const byId = new Map(mine.map((o) => [o.id, o.name]));
    // A member's own organizations that are still awaiting approval can host too.
    if (!isAdmin)
      for (const o of user?.organizations ?? []) if (!byId.has(o.id)) byId.set(o.id, o.name);
    return [...byId]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [organizations.data, isAdmin, user]);

  const created = create.data;
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(
      () => void navigate(paths.opportunity.getHref(created.id)),
      REDIRECT_AFTER_CREATE_MS,
    );
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const onSubmit = handleSubmit((values) => {
    create.mutate({ values, file, imageUrl });
  });

  return (
    <section className={styles.page} aria-labelledby="create-title">
      <div className={styles.header}>
        <h1 id="create-title" className={styles.title}>
          {t.title}
        </h1>
        <p className={styles.subtitle}>{clone ? t.clonedFrom(clone.name) : t.subtitle}</p>
      </div>

      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className={styles.card}>
          <legend className={styles.cardTitle}>{t.details}</legend>
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
            <Controller
              control={control}
              name="host_org_id"
              render={({ field }) => (
                <HostOrganizationSelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={hostOptions}
                  loading={organizations.isPending}
                  error={errors.host_org_id?.message}
                />
              )}
            />
          </div>
          <Controller
            control={control}
            name="causes"
            render={({ field }) => (
              <CausesPicker
                label={t.causes}
                hint={t.causesHint}
                value={field.value}
                onChange={field.onChange}
                error={errors.causes?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="qualifications"
            render={({ field }) => (
              <ListEditor
                label={t.qualifications}
                hint={t.qualificationsHint}
                addLabel={t.addQualification}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <ListEditor
                label={t.tags}
                hint={t.tagsHint}
                addLabel={t.addQualification}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <ImageDropZone
            file={file}
            imageUrl={imageUrl}
            onFileChange={setFile}
            onImageUrlChange={setImageUrl}
          />
        </fieldset>

        <fieldset className={styles.card}>
          <legend className={styles.cardTitle}>{t.schedule}</legend>
          <div className={styles.row}>
            <TextField
              label={t.date}
              type="date"
              {...register('date')}
              error={errors.date?.message}
            />
            <TextField
              label={t.time}
              type="time"
              {...register('time')}
              error={errors.time?.message}
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t.duration}
              type="number"
              min={CREATE_DURATION_MIN}
              step={CREATE_DURATION_STEP}
              hint={t.durationHint}
              {...register('duration', { valueAsNumber: true })}
              error={errors.duration?.message}
            />
            <TextField
              label={t.totalSlots}
              type="number"
              min={MIN_TOTAL_SLOTS}
              step={1}
              {...register('total_slots', { valueAsNumber: true })}
              error={errors.total_slots?.message}
            />
          </div>
          <TextField label={t.address} {...register('address')} error={errors.address?.message} />
          <TextField
            label={t.redirectUrl}
            type="url"
            hint={t.redirectUrlHint}
            {...register('redirect_url')}
            error={errors.redirect_url?.message}
          />
        </fieldset>

        <fieldset className={styles.card}>
          <legend className={styles.cardTitle}>{t.audience}</legend>
          <label className={styles.toggle}>
            <input
              type="checkbox"
              role="switch"
              {...register('isPrivate', {
                onChange: () => setValue('visibility', isPrivate ? [] : (clone?.visibility ?? [])),
              })}
            />
            <span>
              <span className={styles.label}>{t.private}</span>
              <span className={styles.hint}>{t.privateHint}</span>
            </span>
          </label>
          {isPrivate ? (
            <Controller
              control={control}
              name="visibility"
              render={({ field }) => (
                <OrganizationChecklist
                  organizations={organizations.data ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.visibility?.message}
                />
              )}
            />
          ) : null}
        </fieldset>

        {create.isError ? (
          <FailureAlert message={t.error} detail={serverMessageOf(create.error)} />
        ) : null}
        {created ? (
          <Alert tone="success">
            <strong>{t.successTitle}</strong>{' '}
            {created.approved ? t.successApproved : t.successPending}
          </Alert>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink to={paths.opportunities.getHref()} variant="secondary">
            {t.cancel}
          </ButtonLink>
          <Button type="submit" loading={create.isPending} disabled={Boolean(created)}>
            {create.isPending ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </section>
  );
};

type HostOrganizationSelectProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  options: readonly { id: string; name: string }[];
  loading: boolean;
  error: string | undefined;
};

const HostOrganizationSelect = ({
  value,
  onChange,
  onBlur,
  options,
  loading,
  error,
}: HostOrganizationSelectProps) => {
  const names = options.map((o) => o.name);
  const selectedName = options.find((o) => o.id === value)?.name ?? '';
  return (
    <div className={styles.field}>
      <SelectField
        label={t.hostOrganization}
        options={names}
        placeholder={loading ? t.loadingOrganizations : t.chooseHostOrganization}
        value={selectedName}
        onChange={(event) => onChange(options.find((o) => o.name === event.target.value)?.id ?? '')}
        onBlur={onBlur}
        error={error}
      />
      {!loading && options.length === 0 ? (
        <p className={styles.hint}>{t.noHostOrganizations}</p>
      ) : null}
    </div>
  );
};
