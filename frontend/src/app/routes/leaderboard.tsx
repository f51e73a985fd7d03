import { texts } from '@campus/contracts';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { TrophyIcon } from '@/components/ui/icons';

/** /leaderboard until its screen arrives. */
export const LeaderboardRoute = () => (
  <ComingSoon title={texts.pages.leaderboard} icon={TrophyIcon} />
);
