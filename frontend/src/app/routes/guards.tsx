import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layouts/page-spinner';
import { paths, safeRedirectTarget } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useCurrentUser } from '@/lib/auth/use-current-user';

/** Nothing renders until the session knows whether someone is signed in (no flash of /login). */
export const SessionGate = () => {
  const { session } = useSession();
  if (session.status === 'initializing' || session.status === 'restoring') {
    return <PageSpinner fullscreen />;
  }
  return <Outlet />;
};

/** '/': signed-in users go to /opportunities, everyone else to /login. */
export const HomeRedirect = () => {
  const { session } = useSession();
  if (session.status === 'signedIn') return <Navigate to={paths.opportunities.getHref()} replace />;
  if (session.status === 'needsRegistration') {
    return <Navigate to={paths.register.getHref()} replace />;
  }
  return <Navigate to={paths.login.getHref()} replace />;
};

/** /login: a finished sign-in leaves for '/' (or where the user was headed) or /register. */
export const SignedOutOnly = () => {
  const { session } = useSession();
  const [searchParams] = useSearchParams();
  if (session.status === 'signedIn') {
    return <Navigate to={safeRedirectTarget(searchParams.get('redirectTo'))} replace />;
  }
  if (session.status === 'needsRegistration') {
    return <Navigate to={paths.register.getHref()} replace />;
  }
  return <Outlet />;
};

/** Signed-in routes: anyone else is sent to /login (or to finish registering). */
export const RequireSignedIn = () => {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'signedIn') return <Outlet />;
  if (session.status === 'needsRegistration') {
    return <Navigate to={paths.register.getHref()} replace />;
  }
  const returnTo =
    session.status === 'signedOut' && session.afterLogout
      ? null
      : location.pathname + location.search;
  return <Navigate to={paths.login.getHref(returnTo)} replace />;
};

/** /admin: admins only; everyone else is sent to /opportunities. */
export const RequireAdmin = () => {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (user?.admin !== true) return <Navigate to={paths.opportunities.getHref()} replace />;
  return <Outlet />;
};
