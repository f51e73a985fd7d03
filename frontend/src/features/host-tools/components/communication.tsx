import { type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/detail-icons';
import { ClipboardIcon } from '@/components/ui/icons';
import styles from './host-tools.module.css';

const t = hostTexts.communication;

/** A mail draft to every participant, addressed in Bcc so nobody sees the others' addresses. */
const participantsMailto = (emails: readonly string[], subject: string): string =>
  `mailto:?bcc=${emails.map(encodeURIComponent).join(',')}&subject=${encodeURIComponent(subject)}`;

type Notice = { tone: 'info' | 'success' | 'error'; text: string; detail?: string };

/** Email all participants via a mail draft, copy their phone numbers; the two empty texts. */
export const Communication = ({ opportunity: o }: { opportunity: OpportunityDetail }) => {
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingId = useId();
  const participants = o.involved_users.filter((u) => u.registered);
  const emails = participants.flatMap((u) => (u.email ? [u.email] : []));
  const phones = participants.flatMap((u) => (u.phone ? [u.phone] : []));

  const copyPhones = async () => {
    if (phones.length === 0) {
      setNotice({ tone: 'info', text: t.noPhones });
      return;
    }
    const list = phones.join(', ');
    try {
      await navigator.clipboard.writeText(list);
      setNotice({ tone: 'success', text: t.copied(phones.length) });
    } catch {
      setNotice({ tone: 'error', text: t.copyFailed, detail: list });
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t.title}
      </h2>
      <div className={styles.buttons}>
        {emails.length ? (
          <a
            className={styles.linkButton}
            href={participantsMailto(emails, t.emailSubject(o.name))}
            onClick={() => setNotice(null)}
          >
            <MailIcon size={18} />
            {t.emailAll}
          </a>
        ) : (
          <Button
            variant="secondary"
            size="small"
            icon={<MailIcon size={18} />}
            onClick={() => setNotice({ tone: 'info', text: t.noEmails })}
          >
            {t.emailAll}
          </Button>
        )}
        <Button
          variant="secondary"
          size="small"
          icon={<ClipboardIcon size={18} />}
          onClick={() => void copyPhones()}
        >
          {t.copyPhones}
        </Button>
      </div>
      {notice ? (
        <Alert tone={notice.tone}>
          {notice.text}
          {notice.detail ? <span className={styles.copyable}> {notice.detail}</span> : null}
        </Alert>
      ) : null}
    </section>
  );
};
