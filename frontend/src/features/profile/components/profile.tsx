import { texts, type UserProfile, adminTexts, serviceHoursTexts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CalendarIcon, ClockIcon, LogoutIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { formatHours } from '../utils/format';
import { BadgesSection } from './badges-section';
import { BioSection } from './bio-section';
import { ErasePersonalData } from './erase-personal-data';
import { TranscriptDownload } from './transcript-download';
import { FriendsSection } from './friends-section';
import { MailPreferencesSection } from './mail-preferences-section';
import { OrganizationsSection } from './organizations-section';
import { PassionsSection } from './passions-section';
import { PointsHistorySection } from './points-history';
import { ProfileFriendActions } from './profile-friend-actions';
import { ProfilePhoto } from './profile-photo';
import styles from './profile.module.css';

const t = texts.profile;

type ProfileProps = {
  /** Whose profile (the route's id). */
  userId: string;
  /** The signed-in user. */
  viewerId: string;
  viewerIsAdmin: boolean;
  onLogout: () => void;
};

const OwnerActions = ({ onLogout }: { onLogout: () => void }) => (
  <>
    <ButtonLink to={paths.myOpportunities.getHref()} size="small" icon={<CalendarIcon size={18} />}>
      {t.seeMyOpportunities}
    </ButtonLink>
    <ButtonLink
      to={paths.serviceHours.getHref()}
      size="small"
      variant="secondary"
      icon={<ClockIcon size={18} />}
    >
      {texts.pages.serviceHours}
    </ButtonLink>
    <Button size="small" variant="secondary" icon={<LogoutIcon size={18} />} onClick={onLogout}>
      {t.logout}
    </Button>
  </>
);

type ProfileHeaderProps = Omit<ProfileProps, 'viewerIsAdmin'> & { profile: UserProfile };

const ProfileHeader = ({ profile, userId, viewerId, onLogout }: ProfileHeaderProps) => {
  const isOwner = viewerId === userId;
  return (
    <div className={styles.hero}>
      <ProfilePhoto
        userId={userId}
        name={profile.name}
        image={profile.profile_image}
        editable={isOwner}
      />
      <div className={styles.identity}>
        <h1 className={styles.name}>{profile.name}</h1>
        {profile.email ? (
          <p className={styles.email}>
            <span className="visually-hidden">{t.email}: </span>
            <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </p>
        ) : null}
        <dl className={styles.stats} aria-label={t.stats.label}>
          <div className={styles.stat}>
            <dt>{t.stats.friends}</dt>
            <dd>{profile.friend_count}</dd>
          </div>
          <div className={styles.stat}>
            <dt>{t.stats.points}</dt>
            <dd>{profile.points}</dd>
          </div>
          <div className={styles.stat}>
            <dt>{t.stats.hours}</dt>
            <dd>{formatHours(profile.hours)}</dd>
          </div>
        </dl>
        {/* Hours is the two added up (docs/service-hours.md). */}
        <dl className={styles.hoursSplit}>
          <div>
            <dt>{serviceHoursTexts.ui.platformHours}</dt>
            <dd>{formatHours(profile.platform_hours)}</dd>
          </div>
          <div>
            <dt>{serviceHoursTexts.ui.loggedHours}</dt>
            <dd>{formatHours(profile.logged_hours)}</dd>
          </div>
        </dl>
        <div className={styles.actionRow}>
          {isOwner ? (
            <OwnerActions onLogout={onLogout} />
          ) : (
            <ProfileFriendActions viewerId={viewerId} userId={userId} name={profile.name} />
          )}
        </div>
      </div>
    </div>
  );
};

/** /profile/{id}: who someone is, what they care about, and what they earned. */
export const Profile = ({ userId, viewerId, viewerIsAdmin, onLogout }: ProfileProps) => {
  const profile = useProfile(userId);
  const isOwner = viewerId === userId;

  if (!profile.data) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className={styles.page}>
        <h1 className={styles.pageTitle}>{texts.pages.profile}</h1>
        {profile.isPending ? (
          <div key="loading" className={styles.status}>
            <Spinner label={texts.common.loading} />
          </div>
        ) : (
          <div className={styles.status}>
            <Alert>{notFound ? texts.notFound.user : t.loadFailed}</Alert>
            {notFound ? null : (
              <Button variant="secondary" onClick={() => void profile.refetch()}>
                {texts.common.retry}
              </Button>
            )}
          </div>
        )}
        {/* The owner can always leave, even when their profile cannot be read. */}
        {isOwner ? (
          <div className={styles.actionRow}>
            <OwnerActions onLogout={onLogout} />
          </div>
        ) : null}
      </div>
    );
  }

  const data = profile.data;
  return (
    <div className={styles.page}>
      <ProfileHeader profile={data} userId={userId} viewerId={viewerId} onLogout={onLogout} />
      <div className={styles.grid}>
        <div className={styles.column}>
          <BioSection userId={userId} bio={data.bio} editable={isOwner} />
          <PassionsSection userId={userId} interests={data.interests} editable={isOwner} />
          <OrganizationsSection organizations={data.organizations} manageable={isOwner} />
        </div>
        <div className={styles.column}>
          <BadgesSection badges={data.badges} />
          <FriendsSection userId={userId} />
          {isOwner ? <MailPreferencesSection userId={userId} /> : null}
        </div>
      </div>
      {isOwner || viewerIsAdmin ? <PointsHistorySection userId={userId} /> : null}
      {isOwner || viewerIsAdmin ? <TranscriptDownload userId={userId} /> : null}
      {viewerIsAdmin ? (
        <Link to={paths.adminUserHistory.getHref(userId)}>{adminTexts.userHistory.auditLink}</Link>
      ) : null}
      {viewerIsAdmin && !isOwner ? <ErasePersonalData userId={userId} /> : null}
    </div>
  );
};
