import { texts, UNKNOWN_RANK, type OrganizationDetail as Detail } from '@campus/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ClampedText } from '@/components/ui/clamped-text';
import { FailureAlert } from '@/components/ui/failure-alert';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { useOrganization } from '../api/get-organization';
import { useMembership } from '../api/membership';
import { useUnapproveOrganization } from '../api/unapprove-organization';
import { LeaveOrganizationDialog } from './leave-organization-dialog';
import { MembershipButton } from './membership-button';
import styles from './organization-detail.module.css';

/** Organization description collapsed to 3 lines. */
const ABOUT_LINES = 3;

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

type OrganizationDetailProps = { organizationId: string };

/** /group-detail/{id}: name, type, Join/Leave, stats, About, members. */
export const OrganizationDetail = ({ organizationId }: OrganizationDetailProps) => {
  const organization = useOrganization(organizationId);

  if (organization.isPending) {
    return (
      <div className={styles.status}>
        <BackLink />
        <h1 className={styles.name}>{texts.pages.groupDetail}</h1>
        <Spinner size="large" label={texts.common.loading} />
      </div>
    );
  }
  if (organization.isError) {
    const notFound = organization.error instanceof ApiError && organization.error.status === 404;
    return (
      <div className={styles.status}>
        <BackLink />
        <h1 className={styles.name}>{texts.pages.groupDetail}</h1>
        <Alert>{notFound ? texts.notFound.organization : texts.groups.detail.loadFailed}</Alert>
        {notFound ? null : (
          <Button variant="secondary" size="small" onClick={() => void organization.refetch()}>
            {texts.common.retry}
          </Button>
        )}
      </div>
    );
  }
  return <OrganizationView organization={organization.data} />;
};

const BackLink = () => (
  <Link to={paths.groups.getHref()} className={styles.back}>
    <ArrowLeftIcon size={16} />
    {texts.groups.detail.back}
  </Link>
);

const OrganizationView = ({ organization }: { organization: Detail }) => {
  const { data: user } = useCurrentUser();
  const membership = useMembership();
  const unapprove = useUnapproveOrganization();
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [confirmingUnapprove, setConfirmingUnapprove] = useState(false);
  const busy = membership.busyId === organization.id;
  const members = [...organization.members].sort(byName);
  const ranked = organization.rank !== UNKNOWN_RANK;
  const nameId = useId();
  const aboutId = useId();
  const membersId = useId();

  return (
    <div className={styles.page}>
      <BackLink />
      <section className={styles.hero} aria-labelledby={nameId}>
        <span className={styles.mark} aria-hidden="true">
          {organization.name.charAt(0).toUpperCase()}
        </span>
        <div className={styles.heading}>
          <h1 id={nameId} className={styles.name}>
            {organization.name}
          </h1>
          <p className={styles.tags}>
            <span className={styles.type}>{organization.type}</span>
            {organization.approved ? null : (
              <span className={styles.pending}>{texts.groups.detail.awaitingApproval}</span>
            )}
          </p>
        </div>
        <div className={styles.actions}>
          <MembershipButton
            size="medium"
            organizationName={organization.name}
            isMember={organization.is_member}
            busy={busy}
            onJoin={() => void membership.join(organization.id)}
            onLeave={() => {
              membership.clearFailure();
              setConfirmingLeave(true);
            }}
          />
          {user?.admin && organization.approved ? (
            <Button
              variant="secondary"
              loading={unapprove.isPending}
              onClick={() => {
                unapprove.reset();
                setConfirmingUnapprove(true);
              }}
            >
              {texts.groups.detail.unapprove}
            </Button>
          ) : null}
        </div>
      </section>
      {membership.failure ? (
        <FailureAlert message={membership.failure.message} detail={membership.failure.detail} />
      ) : null}
      {unapprove.isSuccess ? (
        <Alert tone="success">{texts.groups.detail.unapproved(unapprove.variables.name)}</Alert>
      ) : null}
      {unapprove.isError ? (
        <Alert>
          {texts.groups.detail.unapproveFailed(
            serverMessageOf(unapprove.error) ?? unapprove.error.message,
          )}
        </Alert>
      ) : null}

      <section aria-label={texts.groups.detail.stats}>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{texts.groups.detail.totalPoints}</dt>
            <dd className={styles.statValue}>
              <span>{organization.total_points.toLocaleString('en-US')}</span>
            </dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{texts.groups.detail.members}</dt>
            <dd className={styles.statValue}>
              <span>{organization.member_count}</span>
            </dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>{texts.groups.detail.rank}</dt>
            <dd className={styles.statValue}>
              <span>
                {ranked
                  ? texts.groups.detail.rankValue(organization.rank)
                  : texts.groups.detail.unranked}
              </span>
              <span className={styles.statNote}>
                {texts.groups.detail.rankAmong(organization.type)}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby={aboutId}>
          <h2 id={aboutId} className={styles.cardTitle}>
            {texts.groups.detail.about}
          </h2>
          {organization.description.trim() ? (
            <ClampedText
              text={organization.description}
              lines={ABOUT_LINES}
              moreLabel={texts.groups.detail.seeMore}
              lessLabel={texts.groups.detail.seeLess}
              className={styles.about}
            />
          ) : (
            <p className={styles.muted}>{texts.groups.detail.noDescription}</p>
          )}
        </section>

        <section className={styles.card} aria-labelledby={membersId}>
          <h2 id={membersId} className={styles.cardTitle}>
            {texts.groups.detail.memberList(members.length)}
          </h2>
          {members.length === 0 ? (
            <p className={styles.muted}>{texts.groups.detail.noMembers}</p>
          ) : (
            <ul className={styles.members}>
              {members.map((member) => (
                <li key={member.id}>
                  <Link to={paths.profile.getHref(member.id)} className={styles.member}>
                    <Avatar src={member.profile_image} name={member.name} size="small" />
                    <span className={styles.memberName}>{member.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {confirmingUnapprove ? (
        <ConfirmDialog
          title={texts.groups.detail.confirmUnapproveTitle(organization.name)}
          message={texts.groups.detail.confirmUnapprove}
          confirmLabel={texts.groups.detail.confirmUnapproveAction}
          cancelLabel={texts.groups.detail.cancelUnapprove}
          destructive
          onConfirm={() => {
            setConfirmingUnapprove(false);
            unapprove.mutate({ id: organization.id, name: organization.name });
          }}
          onCancel={() => setConfirmingUnapprove(false)}
        />
      ) : null}
      {confirmingLeave ? (
        <LeaveOrganizationDialog
          organizationName={organization.name}
          busy={busy}
          onConfirm={() =>
            void membership.leave(organization.id).then(() => setConfirmingLeave(false))
          }
          onCancel={() => setConfirmingLeave(false)}
        />
      ) : null}
    </div>
  );
};
