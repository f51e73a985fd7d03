import { texts } from '@campus/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverMessageOf } from '@/lib/api-client';
import { usePostAnnouncement } from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = texts.host.announcements;

/** The host's or an admin's new announcement: non-blank, trimmed, posted one at a time. */
export const AnnouncementComposer = ({ opportunityId }: { opportunityId: string }) => {
  const post = usePostAnnouncement(opportunityId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className={styles.composer}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        if (!trimmed) {
          setError(t.required);
          return;
        }
        setError(null);
        post.mutate(trimmed, { onSuccess: () => setText('') });
      }}
    >
      <TextAreaField
        label={t.title}
        placeholder={t.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <div className={styles.buttons}>
        <Button type="submit" size="small" loading={post.isPending}>
          {post.isPending ? t.posting : t.post}
        </Button>
      </div>
      {post.isError ? (
        <FailureAlert
          message={t.failed(serverMessageOf(post.error) ?? post.error.message)}
          detail={null}
        />
      ) : null}
    </form>
  );
};
