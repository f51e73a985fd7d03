import { texts, type Badge } from '@campus/contracts';
import { BadgeIcon } from './badge-icons';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.badges;

type BadgesSectionProps = { badges: readonly Badge[] };

/**
 * The badges the profile answer lists: a drawn icon per badge id (the answer's emoji is not shown,
 * it needs an emoji font), name and description.
 */
export const BadgesSection = ({ badges }: BadgesSectionProps) => (
  <ProfileSection title={t.title}>
    {badges.length > 0 ? (
      <ul className={styles.badges}>
        {badges.map((badge) => (
          <li key={badge.id} className={styles.badge}>
            <span className={styles.badgeIcon}>
              <BadgeIcon badgeId={badge.id} size={24} />
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
