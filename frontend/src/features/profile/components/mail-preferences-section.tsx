import {
  MAIL_TOPICS,
  texts,
  type MailPreferences,
  type MailTopic,
  type UpdateMailPreferences,
} from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMailPreferences } from '../api/get-mail-preferences';
import { useUpdateMailPreferences } from '../api/update-mail-preferences';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.mailPreferences;

/** The boxes the owner has ticked or cleared since the last save. */
type Draft = Partial<Record<MailTopic, boolean>>;

/** The kinds of mail whose box now differs from what the server holds, with their new value. */
const changesOf = (saved: MailPreferences, draft: Draft): UpdateMailPreferences => {
  const changes: UpdateMailPreferences = {};
  for (const topic of MAIL_TOPICS) {
    const next = draft[topic];
    if (next !== undefined && next !== saved[topic]) changes[topic] = next;
  }
  return changes;
};

type MailPreferencesFormProps = { userId: string; saved: MailPreferences };

/** One checkbox per kind of mail, its description under its label; Save sends the changed ones. */
const MailPreferencesForm = ({ userId, saved }: MailPreferencesFormProps) => {
  const save = useUpdateMailPreferences(userId);
  const [draft, setDraft] = useState<Draft>({});
  const baseId = useId();
  const changes = changesOf(saved, draft);
  const changed = Object.keys(changes).length > 0;

  const toggle = (topic: MailTopic, on: boolean) => {
    // The last save's message speaks of boxes as they were then.
    save.reset();
    setDraft((current) => ({ ...current, [topic]: on }));
  };
  const submit = () => {
    if (!changed) return;
    save.mutate(changes, { onSuccess: () => setDraft({}) });
  };

  return (
    <form
      className={styles.mailForm}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ul className={styles.mailTopics}>
        {MAIL_TOPICS.map((topic) => {
          const id = `${baseId}-${topic}`;
          return (
            <li key={topic} className={styles.mailTopic}>
              <input
                id={id}
                type="checkbox"
                aria-describedby={`${id}-description`}
                checked={draft[topic] ?? saved[topic]}
                onChange={(event) => toggle(topic, event.target.checked)}
                disabled={save.isPending}
              />
              <span className={styles.mailTopicText}>
                <label htmlFor={id} className={styles.mailTopicLabel}>
                  {t.topics[topic].label}
                </label>
                <span id={`${id}-description`} className={styles.mailTopicDescription}>
                  {t.topics[topic].description}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className={styles.mailActions}>
        <Button type="submit" size="small" loading={save.isPending} disabled={!changed}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </div>
      {save.isSuccess ? <Alert tone="success">{t.saved}</Alert> : null}
      {save.isError ? <Alert>{t.saveFailed}</Alert> : null}
    </form>
  );
};

/** The owner's own profile only: which kinds of email they get (notifications in the app stay). */
export const MailPreferencesSection = ({ userId }: { userId: string }) => {
  const preferences = useMailPreferences(userId);
  return (
    <ProfileSection title={t.title}>
      <p className={styles.muted}>{t.intro}</p>
      {preferences.data ? (
        <MailPreferencesForm userId={userId} saved={preferences.data} />
      ) : preferences.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : (
        <div className={styles.mailStatus}>
          <Alert>{t.loadFailed}</Alert>
          <Button variant="secondary" size="small" onClick={() => void preferences.refetch()}>
            {texts.common.retry}
          </Button>
        </div>
      )}
    </ProfileSection>
  );
};
