import { texts, type MyServiceLogs, serviceHoursTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useApprovedOrganizations } from '@/features/organizations';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { useMyServiceLogs } from '../api/service-logs';
import { organizationLabel } from '../utils/format';
import { LogHoursForm } from './log-hours-form';
import { ServiceLogCard, StatusBadge } from './service-log-card';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;

/** The student's verified and waiting time. */
const Totals = ({ logs }: { logs: MyServiceLogs }) => (
  <ul className={styles.totals} aria-label={t.totals}>
    <li className={styles.total}>{t.approvedTotal(logs.approved_minutes)}</li>
    <li className={styles.total}>{t.pendingTotal(logs.pending_minutes)}</li>
  </ul>
);

const MyLogs = () => {
  const logs = useMyServiceLogs();
  const id = useId();
  if (logs.isPending) {
    return (
      <div className={styles.status}>
        <Spinner label={texts.common.loading} />
      </div>
    );
  }
  if (logs.isError) {
    return (
      <div className={styles.status}>
        <Alert>{t.loadFailed}</Alert>
        <Button variant="secondary" size="small" onClick={() => void logs.refetch()}>
          {texts.common.retry}
        </Button>
      </div>
    );
  }
  return (
    <>
      <Totals logs={logs.data} />
      {logs.data.logs.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <ul className={styles.list}>
          {logs.data.logs.map((log) => (
            <li key={log.id}>
              <ServiceLogCard
                log={log}
                heading={organizationLabel(log)}
                headingId={`${id}-${log.id}`}
                headingLevel={3}
                badge={<StatusBadge status={log.status} />}
                showVerifier
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

/**
 * /hours: a signed-in person's service logged off the platform (docs/service-hours.md): their
 * logs with where each stands, the verified and waiting totals, and the Log hours form. Admins
 * and hosts of an organization find the verifiers' page from here.
 */
export const ServiceHoursScreen = () => {
  const { data: user } = useCurrentUser();
  const organizations = useApprovedOrganizations();
  const [formOpen, setFormOpen] = useState(false);
  const [logged, setLogged] = useState(false);
  const logButtonId = useId();
  const formId = useId();
  const canVerify =
    user?.admin === true ||
    (user !== undefined && (organizations.data ?? []).some((o) => o.host_user_id === user.id));

  const closeForm = (sent: boolean) => {
    setFormOpen(false);
    setLogged(sent);
    // The form's buttons are gone: focus goes back to the button that opened it.
    document.getElementById(logButtonId)?.focus();
  };

  return (
    <section className={styles.page} aria-labelledby="service-hours-title">
      <div className={styles.header}>
        {/* Takes focus after a navigation to this page. */}
        <h1 id="service-hours-title" className={styles.title} tabIndex={-1}>
          {t.title}
        </h1>
        <p className={styles.subtitle}>{t.subtitle}</p>
        <div className={styles.headerActions}>
          <Button
            id={logButtonId}
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={() => {
              setLogged(false);
              setFormOpen((open) => !open);
            }}
          >
            {t.logButton}
          </Button>
          {canVerify ? (
            <ButtonLink to={paths.verifyHours.getHref()} variant="secondary">
              {t.verifyTitle}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {logged ? <Alert tone="success">{t.submitted}</Alert> : null}
      {formOpen ? (
        <div id={formId}>
          <LogHoursForm
            // A failed list leaves the choice of an outside organization.
            organizations={organizations.isError ? [] : (organizations.data ?? null)}
            onDone={closeForm}
          />
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby="my-hours-title">
        <h2 id="my-hours-title" className={styles.sectionTitle}>
          {t.mine}
        </h2>
        <MyLogs />
      </section>
    </section>
  );
};
