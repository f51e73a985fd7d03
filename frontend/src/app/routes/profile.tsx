import { useParams } from 'react-router-dom';
import { Profile } from '@/features/profile/components/profile';
import { useSession } from '@/lib/auth/session';
import { useCurrentUser } from '@/lib/auth/use-current-user';

/** /profile/{id} */
export const ProfileRoute = () => {
  const { id = '' } = useParams();
  const { session, logout } = useSession();
  const { data: viewer } = useCurrentUser();
  // The signed-in root renders this route only for a signed-in user.
  if (session.status !== 'signedIn') return null;
  return (
    // A new id is a new page: no edit or upload state carries over.
    <Profile
      key={id}
      userId={id}
      viewerId={session.userId}
      viewerIsAdmin={viewer?.admin ?? false}
      onLogout={() => void logout()}
    />
  );
};
