import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { useHostsOrganizations } from '@/features/impact';
import { usePendingFriendRequestCount } from '@/features/notifications/api/get-notifications';
import { useSession } from '@/lib/auth/session';
import { useCurrentUser } from '@/lib/auth/use-current-user';
import { useLiveUpdates } from '@/lib/live-updates';
import { useSupportEmail } from '@/lib/public-config';
import { RequireSignedIn } from './guards';
import { HeaderSearch } from './header-search';

type SignedInShellProps = { userId: string; children: ReactNode };

/** The header, sidebar and tab bar around a signed-in page. */
export const SignedInShell = ({ userId, children }: SignedInShellProps) => {
  const { logout } = useSession();
  const { data: user } = useCurrentUser();
  const supportEmail = useSupportEmail();
  const pendingFriendRequests = usePendingFriendRequestCount();
  // What is on screen is fetched again when the stream says it changed (docs/live-updates.md).
  useLiveUpdates(userId);
  // Asked only of someone who is not an admin (an admin has the link anyway).
  const hostsOrganizations = useHostsOrganizations(user && !user.admin ? user.id : undefined);
  // Once signed out, the guard sends the page to /login.
  return (
    <AppLayout
      userId={userId}
      user={user}
      supportEmail={supportEmail}
      pendingFriendRequests={pendingFriendRequests}
      hostsOrganizations={hostsOrganizations}
      search={<HeaderSearch />}
      onLogout={() => void logout()}
    >
      {children}
    </AppLayout>
  );
};

/** Every signed-in route: the guard, then the shell around the page. */
export const SignedInRoot = () => {
  const { session } = useSession();
  return session.status === 'signedIn' ? (
    <SignedInShell userId={session.userId}>
      <Outlet />
    </SignedInShell>
  ) : (
    <RequireSignedIn />
  );
};
