import { texts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { feedUrlOf, useCalendarSubscription, useResetCalendarSubscription } from '../api/calendar';
import styles from './calendar-subscription.module.css';

const t = texts.calendar;

/** The student's private calendar feed address, to copy into a calendar app, and its reset. */
export const CalendarSubscriptionPanel = () => {
  const headingId = useId();
  const subscription = useCalendarSubscription();
  const reset = useResetCalendarSubscription();
  const [copied, setCopied] = useState(false);
  const url = subscription.data ? feedUrlOf(subscription.data.path) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t.subscriptionTitle}
      </h2>
      <p className={styles.hint}>{t.subscriptionHint}</p>
      {subscription.isError ? <p role="alert">{t.loadFailed}</p> : null}
      {url ? (
        <input
          className={styles.url}
          readOnly
          value={url}
          aria-label={t.subscriptionTitle}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={!url} onClick={() => void copy()}>
          {copied ? t.copied : t.copy}
        </Button>
        <Button
          variant="secondary"
          loading={reset.isPending}
          onClick={() => {
            setCopied(false);
            reset.mutate();
          }}
        >
          {reset.isPending ? t.resetting : t.reset}
        </Button>
      </div>
      {reset.isSuccess ? <p role="status">{t.resetDone}</p> : null}
    </section>
  );
};
