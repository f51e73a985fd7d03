/** User-facing texts of the leaderboard screens, verbatim from the spec where it gives them. */
export const leaderboardTexts = {} as const;
