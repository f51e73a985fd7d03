import { texts } from '@campus/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFriends } from '../api/get-friends';
import { ProfileSection } from './profile-section';
import styles from './profile.module.css';

const t = texts.profile.friends;

type FriendsSectionProps = { userId: string };

/** The user's friends as a grid of pictures and names, each opening their profile. */
export const FriendsSection = ({ userId }: FriendsSectionProps) => {
  const friends = useFriends(userId);
  return (
    <ProfileSection title={t.title}>
      {friends.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : friends.data && friends.data.length > 0 ? (
        <ul className={styles.friendGrid}>
          {friends.data.map((friend) => (
            <li key={friend.other_user_id}>
              <Link to={paths.profile.getHref(friend.other_user_id)} className={styles.friend}>
                <Avatar
                  src={friend.other_user_profile_image}
                  name={friend.other_user_name}
                  size="large"
                />
                <span className={styles.friendName}>{friend.other_user_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t.empty}</p>
      )}
    </ProfileSection>
  );
};
