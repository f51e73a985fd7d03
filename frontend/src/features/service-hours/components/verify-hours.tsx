import {
  texts,
  type DecideServiceHours,
  type ServiceLog,
  serviceHoursTexts,
} from '@campus/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailureAlert } from '@/components/ui/failure-alert';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOf } from '@/lib/api-client';
import { useDecideServiceHours, usePendingServiceLogs } from '../api/service-logs';
import { DecisionDialog } from './decision-dialog';
import { ServiceLogCard } from './service-log-card';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;

const TITLE_ID = 'verify-hours-title';

type Asking = { log: ServiceLog; decision: DecideServiceHours['decision'] };

/**
 * /hours/verify: the logs waiting for the caller's decision, oldest first (an admin's are every
 * pending log, a host's those of the organizations they host). A decided log leaves the queue at
 * once and comes back if the server refuses; focus moves on to the next log.
 */
export const VerifyHoursScreen = () => {
  const pending = usePendingServiceLogs();
  const decide = useDecideServiceHours();
  const [asking, setAsking] = useState<Asking | null>(null);
  /** Once the decided log has left the list: the heading that takes focus after it. */
  const focusAfter = useRef<{ decidedId: string; targetId: string } | null>(null);
  const id = useId();
  const headingIdOf = (logId: string) => `${id}-${logId}`;
  const logs = pending.data?.logs;

  useEffect(() => {
    const next = focusAfter.current;
    if (!next || !logs || logs.some((log) => log.id === next.decidedId)) return;
    focusAfter.current = null;
    (document.getElementById(next.targetId) ?? document.getElementById(TITLE_ID))?.focus();
  }, [logs]);

  const confirm = (log: ServiceLog, decision: DecideServiceHours) => {
    const list = logs ?? [];
    const at = list.findIndex((l) => l.id === log.id);
    const neighbour = list[at + 1] ?? list[at - 1];
    focusAfter.current = {
      decidedId: log.id,
      targetId: neighbour ? headingIdOf(neighbour.id) : TITLE_ID,
    };
    setAsking(null);
    decide.mutate({ logId: log.id, decision: decision.decision, reason: decision.reason });
  };

  return (
    <section className={styles.page} aria-labelledby={TITLE_ID}>
      <div className={styles.header}>
        {/* Takes focus after a navigation to this page, and after the last decision. */}
        <h1 id={TITLE_ID} className={styles.title} tabIndex={-1}>
          {t.verifyTitle}
        </h1>
        <p className={styles.subtitle}>{t.verifySubtitle}</p>
      </div>
      {decide.isSuccess ? (
        <Alert tone="success">
          {decide.variables.decision === 'approve' ? t.approved : t.rejected}
        </Alert>
      ) : null}
      {decide.isError ? (
        <FailureAlert message={t.decideFailed} detail={serverMessageOf(decide.error)} />
      ) : null}
      {pending.isPending ? (
        <div className={styles.status}>
          <Spinner label={texts.common.loading} />
        </div>
      ) : pending.isError ? (
        <div className={styles.status}>
          <Alert>{t.loadFailed}</Alert>
          <Button variant="secondary" size="small" onClick={() => void pending.refetch()}>
            {texts.common.retry}
          </Button>
        </div>
      ) : pending.data.logs.length === 0 ? (
        <p className={styles.empty}>{t.verifyEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {pending.data.logs.map((log) => (
            <li key={log.id}>
              <ServiceLogCard
                log={log}
                heading={t.loggedBy(log.user_name)}
                headingId={headingIdOf(log.id)}
                headingLevel={2}
                showVerifier
              >
                <div className={styles.logActions}>
                  <Button size="small" onClick={() => setAsking({ log, decision: 'approve' })}>
                    {t.approve}
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => setAsking({ log, decision: 'reject' })}
                  >
                    {t.reject}
                  </Button>
                </div>
              </ServiceLogCard>
            </li>
          ))}
        </ul>
      )}
      {asking ? (
        <DecisionDialog
          log={asking.log}
          decision={asking.decision}
          onConfirm={(decision) => confirm(asking.log, decision)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
};
