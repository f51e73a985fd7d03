import { MAX_TEXT_LENGTH, texts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.bio;

type BioSectionProps = {
  userId: string;
  bio: string | null;
  /** Only the owner edits it. */
  editable: boolean;
};

/** The bio, with Add (none yet) or Edit, then Save / Cancel for the owner. */
export const BioSection = ({ userId, bio, editable }: BioSectionProps) => {
  const [draft, setDraft] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const save = useUpdateProfile(userId);
  const fieldId = useId();
  const editing = draft !== null;

  const startEditing = () => {
    setDraft(bio ?? '');
    setFailed(false);
  };
  const cancel = () => {
    setDraft(null);
    setFailed(false);
  };
  const submit = () => {
    if (draft === null) return;
    setFailed(false);
    const next = draft.trim();
    save.mutate(
      { bio: next === '' ? null : next },
      { onSuccess: () => setDraft(null), onError: () => setFailed(true) },
    );
  };

  return (
    <ProfileSection
      title={t.title}
      actions={
        editable && !editing ? (
          <Button size="small" variant="secondary" onClick={startEditing}>
            {bio ? t.edit : t.add}
          </Button>
        ) : null
      }
    >
      {editing ? (
        <form
          className={styles.bioForm}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={fieldId} className="visually-hidden">
            {t.label}
          </label>
          <textarea
            id={fieldId}
            className={styles.textarea}
            rows={4}
            maxLength={MAX_TEXT_LENGTH.bio}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={save.isPending}
            // Opened by the user's own click on Add or Edit: typing starts there.
            autoFocus
          />
          {failed ? <Alert>{t.saveFailed}</Alert> : null}
          <div className={styles.formActions}>
            <Button variant="secondary" size="small" onClick={cancel} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" size="small" loading={save.isPending}>
              {t.save}
            </Button>
          </div>
        </form>
      ) : bio ? (
        <p className={styles.bio}>{bio}</p>
      ) : (
        <p className={styles.muted}>{t.empty}</p>
      )}
    </ProfileSection>
  );
};
