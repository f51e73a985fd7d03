import { type OpportunityDetail, checkInTexts } from '@campus/contracts';
import { Suspense, lazy, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCheckIns, useCheckInToken } from '@/features/check-in';
import codeStyles from './check-in-code.module.css';
import styles from './host-tools.module.css';

/** The QR drawing loads when a host first shows the code, not with every opportunity page. */
const QRCodeSVG = lazy(() =>
  import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })),
);

const t = checkInTexts.host;

/**
 * The host's (or an admin's) check-in QR code: the app's /check-in URL with a signed code that
 * changes every 30 seconds, and how many participants have checked in. Shown until attendance is
 * submitted.
 */
export const CheckInCode = ({ opportunity: o }: { opportunity: OpportunityDetail }) => {
  const [shown, setShown] = useState(false);
  const headingId = useId();
  const code = useCheckInToken(o.id, shown);
  const checkIns = useCheckIns(o.id);
  const registered = o.involved_users.filter((u) => u.registered).length;
  const url = code.data ? new URL(code.data.path, window.location.origin).toString() : null;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t.title}
      </h2>
      <p className={styles.muted}>{t.hint}</p>
      {checkIns.data ? (
        <p className={styles.muted}>{t.checkedIn(checkIns.data.user_ids.length, registered)}</p>
      ) : null}
      <Button variant="secondary" fullWidth onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? t.hide : t.show}
      </Button>
      {shown && code.isPending ? <Spinner label={t.loading} /> : null}
      {shown && code.isError ? <Alert>{t.failed}</Alert> : null}
      {shown && url ? (
        <>
          <div className={codeStyles.qr}>
            <Suspense fallback={<Spinner label={t.loading} />}>
              <QRCodeSVG
                value={url}
                size={224}
                marginSize={2}
                role="img"
                aria-label={t.qrLabel}
                title={t.qrLabel}
              />
            </Suspense>
          </div>
          <a href={url} className={codeStyles.link}>
            {t.link}
          </a>
        </>
      ) : null}
    </section>
  );
};
