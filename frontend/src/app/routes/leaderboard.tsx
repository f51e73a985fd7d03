import { useSession } from '@/lib/auth/session';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';

/** /leaderboard */
export const LeaderboardRoute = () => {
  const { session } = useSession();
  // The signed-in root renders this route only for a signed-in user.
  return session.status === 'signedIn' ? <Leaderboard userId={session.userId} /> : null;
};
