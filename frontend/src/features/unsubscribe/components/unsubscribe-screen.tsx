import { texts, unsubscribeTokenTopic } from '@campus/contracts';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import styles from './unsubscribe.module.css';

const t = texts.mailPreferences.unsubscribe;

/**
 * /unsubscribe/{token}: opened from a mail's link, signed in or not. It asks first and turns the
 * mail off only on the click: mail scanners open links, and opening one must change nothing.
 */
export const UnsubscribeScreen = () => {
  const { token = '' } = useParams();
  const topic = unsubscribeTokenTopic(token);
  const unsubscribe = useUnsubscribe(token);
  const headingId = useId();
  const invalid =
    topic === null || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404);

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <LogoMark className={styles.mark} />
      <h1 id={headingId} className={styles.title}>
        {t.title}
      </h1>
      {invalid ? (
        <Alert>{t.invalidLink}</Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert tone="success">{t.done(unsubscribe.data.topic)}</Alert>
      ) : (
        <>
          <p className={styles.question}>{t.question(topic)}</p>
          <div className={styles.actions}>
            <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
              {unsubscribe.isPending ? t.working : t.confirm}
            </Button>
          </div>
          {unsubscribe.isError ? <Alert>{t.failed}</Alert> : null}
        </>
      )}
    </section>
  );
};
