import { texts, type Badge } from '@campus/contracts';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.badges;

export type BadgesSectionProps = { badges: readonly Badge[] };

/** The badges the profile answer lists: icon, name, description. */
export const BadgesSection = ({ badges }: BadgesSectionProps) => (
  <ProfileSection title={t.title}>
    {badges.length > 0 ? (
      <ul className={styles.badges}>
        {badges.map((badge) => (
          <li key={badge.id} className={styles.badge}>
            <span className={styles.badgeIcon} aria-hidden="true">
              {badge.icon}
            </span>
            <span className={styles.badgeText}>
              <span className={styles.badgeName}>{badge.name}</span>
              <span className={styles.badgeDescription}>{badge.description}</span>
            </span>
          </li>
        ))}
      </ul>
    ) : (
      <p className={styles.muted}>{t.empty}</p>
    )}
  </ProfileSection>
);
