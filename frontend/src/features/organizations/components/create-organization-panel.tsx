import {
  ORGANIZATION_TYPES,
  texts,
  type Organization,
  type OrganizationType,
} from '@campus/contracts';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverMessageOf } from '@/lib/api-client';
import { useCreateOrganization } from '../api/create-organization';
import styles from './create-organization-panel.module.css';

type CreateOrganizationPanelProps = {
  /** The searched name, trimmed and not blank; the panel is shown only when nothing has it exactly. */
  name: string;
  onCreated: (organization: Organization) => void;
};

const isOrganizationType = (value: string): value is OrganizationType =>
  (ORGANIZATION_TYPES as readonly string[]).includes(value);

/**
 * "Create" offered for a searched name no organization has: a type from the list is
 * required, the description is optional.
 */
export const CreateOrganizationPanel = ({ name, onCreated }: CreateOrganizationPanelProps) => {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState('');
  const [description, setDescription] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const create = useCreateOrganization();
  const trimmed = name.trim();

  if (!open) {
    return (
      <div className={styles.offer}>
        <p className={styles.offerText}>{texts.groups.create.offer(trimmed)}</p>
        <Button size="small" onClick={() => setOpen(true)}>
          {texts.groups.create.open}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    if (!isOrganizationType(type)) {
      setTypeError(texts.groups.create.typeRequired);
      return;
    }
    create.mutate(
      { name: trimmed, type, description: description.trim() },
      {
        onSuccess: (organization) => {
          setOpen(false);
          setType('');
          setDescription('');
          onCreated(organization);
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={texts.groups.create.heading}
      noValidate
    >
      <div className={styles.header}>
        <h2 className={styles.title}>{texts.groups.create.heading}</h2>
        <p className={styles.name}>
          <span className={styles.nameLabel}>{texts.groups.create.name}</span> {trimmed}
        </p>
      </div>
      <SelectField
        label={texts.groups.create.type}
        placeholder={texts.groups.create.typePlaceholder}
        options={ORGANIZATION_TYPES}
        value={type}
        error={typeError}
        required
        onChange={(event) => {
          setType(event.target.value);
          setTypeError(null);
        }}
      />
      <TextAreaField
        label={texts.groups.create.description}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      {create.isError ? (
        <FailureAlert message={texts.groups.create.failed} detail={serverMessageOf(create.error)} />
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            create.reset();
          }}
          disabled={create.isPending}
        >
          {texts.groups.create.cancel}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? texts.groups.create.submitting : texts.groups.create.submit}
        </Button>
      </div>
    </form>
  );
};
