import { texts } from '@campus/contracts';
import { useSession } from '@/lib/auth/session';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';
import { usePageTitle } from '../page-title';

/** /leaderboard */
export const LeaderboardRoute = () => {
  const { session } = useSession();
  usePageTitle(texts.pages.leaderboard);
  // The signed-in root renders this route only for a signed-in user.
  return session.status === 'signedIn' ? <Leaderboard userId={session.userId} /> : null;
};
