import { adminTexts } from '@campus/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { serverMessageOf } from '@/lib/api-client';
import { useUserEmails } from '../api/user-emails';
import { styles } from './admin-styles';

const t = adminTexts.emails;

/** Every user's email: fetch, count, copy one per line or comma-separated, hide. */
export const UserEmails = () => {
  const [shown, setShown] = useState(false);
  const emails = useUserEmails(shown);
  const [copied, setCopied] = useState<'newline' | 'comma' | 'failed' | null>(null);
  const list = shown ? emails.data?.emails : undefined;

  const copy = async (separator: 'newline' | 'comma') => {
    if (!list) return;
    try {
      await navigator.clipboard.writeText(list.join(separator === 'newline' ? '\n' : ', '));
      setCopied(separator);
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section className={styles.section} aria-labelledby="admin-emails-title">
      <h2 id="admin-emails-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      <div className={styles.row}>
        {shown ? (
          <Button
            variant="ghost"
            onClick={() => {
              setShown(false);
              setCopied(null);
            }}
          >
            {t.hide}
          </Button>
        ) : (
          <Button onClick={() => setShown(true)}>{t.fetch}</Button>
        )}
        {list && list.length > 0 ? (
          <>
            <Button variant="secondary" onClick={() => void copy('newline')}>
              {copied === 'newline' ? t.copied : t.copyNewline}
            </Button>
            <Button variant="secondary" onClick={() => void copy('comma')}>
              {copied === 'comma' ? t.copied : t.copyComma}
            </Button>
          </>
        ) : null}
      </div>
      {shown && emails.isFetching && !list ? <p className={styles.muted}>{t.fetching}</p> : null}
      {shown && emails.isError ? (
        <Alert>{t.failed(serverMessageOf(emails.error) ?? emails.error.message)}</Alert>
      ) : null}
      {copied === 'failed' ? <Alert>{t.copyFailed}</Alert> : null}
      {list && list.length === 0 ? <p className={styles.muted}>{t.none}</p> : null}
      {list && list.length > 0 ? (
        <>
          <p>
            <strong>{t.count(emails.data?.count ?? list.length)}</strong>
          </p>
          <textarea
            className={styles.output}
            aria-label={t.label}
            readOnly
            value={list.join('\n')}
          />
        </>
      ) : null}
    </section>
  );
};
