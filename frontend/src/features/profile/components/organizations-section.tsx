import { texts, type UserProfile } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.organizations;

type OrganizationsSectionProps = {
  organizations: UserProfile['organizations'];
  /** The owner gets Manage Orgs (to /groups). */
  manageable: boolean;
};

export const OrganizationsSection = ({ organizations, manageable }: OrganizationsSectionProps) => (
  <ProfileSection
    title={t.title}
    actions={
      manageable ? (
        <ButtonLink to={paths.groups.getHref()} size="small" variant="secondary">
          {t.manage}
        </ButtonLink>
      ) : null
    }
  >
    {organizations.length > 0 ? (
      <ul className={styles.linkList}>
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Link to={paths.groupDetail.getHref(organization.id)} className={styles.linkRow}>
              <span className={styles.linkIcon}>
                <UsersIcon size={18} />
              </span>
              {organization.name}
            </Link>
          </li>
        ))}
      </ul>
    ) : (
      <p className={styles.muted}>{t.empty}</p>
    )}
  </ProfileSection>
);
