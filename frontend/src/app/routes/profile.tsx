import { texts } from '@campus/contracts';
import { Navigate, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';
import { Profile } from '@/features/profile/components/profile';
import { useUserByEmail } from '@/lib/auth/api/get-user-by-email';
import { useSession } from '@/lib/auth/session';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { usePageTitle } from '../page-title';

/** Content (the About page's team) may name a profile by its university email instead of its id. */
const isEmailReference = (id: string) => id.includes('@');

/** /profile/{email}: finds the user and replaces the address with their id. */
const ProfileByEmail = ({ email }: { email: string }) => {
  const { data: user, isError } = useUserByEmail(email);
  usePageTitle(texts.pages.profile);
  if (user) return <Navigate to={paths.profile.getHref(user.id)} replace />;
  if (isError) return <Alert>{texts.notFound.user}</Alert>;
  return <PageSpinner />;
};

/** /profile/{id}: named after the person once their profile has loaded. */
const ProfileTitle = ({ id }: { id: string }) => {
  // The screen's own query: no second request.
  usePageTitle(useProfile(id).data?.name ?? texts.pages.profile);
  return null;
};

/** /profile/{id} */
export const ProfileRoute = () => {
  const { id = '' } = useParams();
  const { session, logout } = useSession();
  const { data: viewer } = useCurrentUser();
  // The signed-in root renders this route only for a signed-in user.
  if (session.status !== 'signedIn') return null;
  if (isEmailReference(id)) return <ProfileByEmail email={id} />;
  return (
    <>
      <ProfileTitle id={id} />
      {/* A new id is a new page: no edit or upload state carries over. */}
      <Profile
        key={id}
        userId={id}
        viewerId={session.userId}
        viewerIsAdmin={viewer?.admin ?? false}
        onLogout={() => void logout()}
      />
    </>
  );
};
