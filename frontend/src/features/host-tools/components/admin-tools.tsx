import { type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FailureAlert } from '@/components/ui/failure-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import {
  useParticipantChange,
  useUpdateOpportunity,
  useUserSearch,
} from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = hostTexts.admin;

/** Admins only: Unapprove Opportunity, register a user found by name, the event history. */
export const AdminTools = ({ opportunity: o }: { opportunity: OpportunityDetail }) => {
  const unapprove = useUpdateOpportunity(o.id);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {t.title}
      </h2>
      {o.approved ? (
        <Button
          variant="secondary"
          size="small"
          loading={unapprove.isPending}
          onClick={() => {
            unapprove.reset();
            setConfirming(true);
          }}
        >
          {t.unapprove}
        </Button>
      ) : unapprove.isSuccess ? null : (
        <p className={styles.muted}>{hostTexts.manage.pendingApproval}</p>
      )}
      {unapprove.isSuccess ? <Alert tone="success">{t.unapproved}</Alert> : null}
      {confirming ? (
        <ConfirmDialog
          title={t.unapproveTitle}
          message={t.unapproveConfirm}
          confirmLabel={t.unapproveConfirmButton}
          cancelLabel={t.cancel}
          busy={unapprove.isPending}
          destructive
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            unapprove.mutate({ approved: false }, { onSettled: () => setConfirming(false) })
          }
        />
      ) : null}
      {unapprove.isError ? (
        <FailureAlert
          message={t.unapproveFailed(serverMessageOf(unapprove.error) ?? unapprove.error.message)}
          detail={null}
        />
      ) : null}
      <RegisterUser opportunity={o} />
      <Link className={styles.textLink} to={paths.adminOpportunityHistory.getHref(o.id)}>
        {hostTexts.manage.eventHistory}
      </Link>
    </section>
  );
};

const RegisterUser = ({ opportunity: o }: { opportunity: OpportunityDetail }) => {
  const [text, setText] = useState('');
  const search = useUserSearch(text);
  const register = useParticipantChange(o.id, 'signUp');
  const [registeredName, setRegisteredName] = useState<string | null>(null);
  const registered = new Set(o.involved_users.filter((u) => u.registered).map((u) => u.id));
  const full = o.slots_left <= 0;
  const q = text.trim();
  return (
    <div className={styles.registerUser}>
      <h3 className={styles.subTitle}>{t.registerUser}</h3>
      <TextField
        label={t.searchUsers}
        type="search"
        placeholder={t.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {full ? <Alert tone="info">{t.capacity}</Alert> : null}
      {q.length >= 2 && search.isPending ? <Spinner size="small" /> : null}
      {q.length >= 2 && search.data ? (
        search.data.length ? (
          <ul className={styles.results}>
            {search.data.slice(0, 8).map((user) => {
              const already = registered.has(user.id);
              return (
                <li key={user.id} className={styles.attendee}>
                  <Avatar src={user.profile_image} name={user.name} size="small" />
                  <span className={styles.attendeeName}>{user.name}</span>
                  <Button
                    size="small"
                    variant={already ? 'ghost' : 'primary'}
                    disabled={already || full}
                    loading={register.isPending && register.variables === user.id}
                    aria-label={
                      already
                        ? `${user.name}: ${t.alreadyRegistered}`
                        : `${t.register} ${user.name}`
                    }
                    onClick={() => {
                      setRegisteredName(null);
                      register.mutate(user.id, { onSuccess: () => setRegisteredName(user.name) });
                    }}
                  >
                    {already ? t.alreadyRegistered : t.register}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.muted}>{t.noUsersFound(q)}</p>
        )
      ) : null}
      {registeredName && register.isSuccess ? (
        <Alert tone="success">{t.registered(registeredName)}</Alert>
      ) : null}
      {register.isError ? (
        <FailureAlert message={t.registerFailed} detail={serverMessageOf(register.error)} />
      ) : null}
    </div>
  );
};
