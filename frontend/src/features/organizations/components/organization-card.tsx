import { texts, type OrganizationListItem } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { FailureAlert } from '@/components/ui/failure-alert';
import { paths } from '@/config/paths';
import type { MembershipFailure } from '../api/membership';
import { MembershipButton } from './membership-button';
import styles from './organization-card.module.css';

type OrganizationCardProps = {
  organization: OrganizationListItem;
  isHost: boolean;
  busy: boolean;
  failure: MembershipFailure | null;
  onJoin: () => void;
  onLeave: () => void;
};

/** One organization in a list: name to its detail page, type, members, Join or Leave. */
export const OrganizationCard = ({
  organization,
  isHost,
  busy,
  failure,
  onJoin,
  onLeave,
}: OrganizationCardProps) => (
  <article className={styles.card} aria-label={organization.name}>
    <div className={styles.main}>
      <span className={styles.mark} aria-hidden="true">
        {organization.name.charAt(0).toUpperCase()}
      </span>
      <div className={styles.text}>
        <h3 className={styles.name}>
          <Link to={paths.groupDetail.getHref(organization.id)} className={styles.link}>
            {organization.name}
          </Link>
        </h3>
        <p className={styles.meta}>
          <span className={styles.type}>{organization.type}</span>
          <span>{texts.groups.manage.members(organization.member_count)}</span>
          {isHost ? <span className={styles.badge}>{texts.groups.manage.host}</span> : null}
          {organization.is_member && !isHost ? (
            <span className={styles.badge}>{texts.groups.manage.joined}</span>
          ) : null}
        </p>
        {organization.description ? (
          <p className={styles.description}>{organization.description}</p>
        ) : null}
      </div>
      <div className={styles.action}>
        <MembershipButton
          organizationName={organization.name}
          isMember={organization.is_member}
          busy={busy}
          onJoin={onJoin}
          onLeave={onLeave}
        />
      </div>
    </div>
    {failure ? <FailureAlert message={failure.message} detail={failure.detail} /> : null}
  </article>
);
