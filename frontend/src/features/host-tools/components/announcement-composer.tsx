import { hostTexts } from '@campus/contracts';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { TextAreaField } from '@/components/ui/text-area-field';
import { serverMessageOf } from '@/lib/api-client';
import { usePostAnnouncement } from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = hostTexts.announcements;

/**
 * The host's or an admin's new announcement: non-blank, trimmed, posted one at a time. A blank one
 * says why nothing was posted (and takes the focus back to the field); a posted one says so.
 */
export const AnnouncementComposer = ({ opportunityId }: { opportunityId: string }) => {
  const post = usePostAnnouncement(opportunityId);
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      ref={formRef}
      className={styles.composer}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        post.reset();
        if (!trimmed) {
          // Drawn before the focus moves, so the field is read with its error.
          flushSync(() => setError(t.required));
          formRef.current?.querySelector('textarea')?.focus();
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
        onChange={(event) => {
          setText(event.target.value);
          if (error && event.target.value.trim()) setError(null);
        }}
        error={error}
      />
      <div className={styles.buttons}>
        <Button type="submit" size="small" loading={post.isPending}>
          {post.isPending ? t.posting : t.post}
        </Button>
      </div>
      {post.isSuccess ? <Alert tone="success">{t.posted}</Alert> : null}
      {post.isError ? (
        <FailureAlert
          message={t.failed(serverMessageOf(post.error) ?? post.error.message)}
          detail={null}
        />
      ) : null}
    </form>
  );
};
