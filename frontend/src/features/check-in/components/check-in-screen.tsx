import { checkInTexts } from '@campus/contracts';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { useCheckIn } from '../api/check-in';
import styles from './check-in.module.css';

const t = checkInTexts.screen;

/**
 * /check-in/{opportunityId}?t=<code>: opened from the host's QR code by a signed-in student on
 * site. It checks them in at once and says how it went: checked in to the named opportunity,
 * already checked in, or why not (an old or forged code, not registered, attendance already
 * submitted).
 */
export const CheckInScreen = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const checkIn = useCheckIn(id);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    checkIn.mutate(token);
  }, [checkIn, token]);

  return (
    <section className={styles.page} aria-labelledby="check-in-title">
      <h1 id="check-in-title" className={styles.title}>
        {t.title}
      </h1>
      {!token ? <Alert>{t.missingCode}</Alert> : null}
      {token && (checkIn.isPending || checkIn.isIdle) ? <Spinner label={t.checkingIn} /> : null}
      {checkIn.isSuccess ? (
        <Alert tone="success">
          {checkIn.data.opportunity_name ? (
            <p className={styles.eventName}>{checkIn.data.opportunity_name}</p>
          ) : null}
          <p>{checkIn.data.already_checked_in ? t.already : t.success}</p>
        </Alert>
      ) : null}
      {checkIn.isError ? (
        <Alert>{serverMessageOf(checkIn.error) ?? checkInTexts.errors.failed}</Alert>
      ) : null}
      <div>
        <ButtonLink to={paths.opportunity.getHref(id)} variant="secondary">
          {t.toOpportunity}
        </ButtonLink>
      </div>
    </section>
  );
};
