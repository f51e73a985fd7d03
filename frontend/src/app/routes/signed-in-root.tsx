import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { useSession } from '@/lib/auth/session';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { RequireSignedIn } from './guards';

const SignedInShell = () => {
  const { logout } = useSession();
  const { data: user } = useCurrentUser();
  // Once signed out, the guard below sends the page to /login.
  return (
    <AppLayout user={user} onLogout={() => void logout()}>
      <Outlet />
    </AppLayout>
  );
};

/** Every signed-in route: the guard, then the header around the page. */
export const SignedInRoot = () => {
  const { session } = useSession();
  return session.status === 'signedIn' ? <SignedInShell /> : <RequireSignedIn />;
};
