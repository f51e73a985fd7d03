/** Texts of the admins' scoring preview (/admin/scoring-preview). */
export const scoringPreviewTexts = {
  link: 'Scoring preview',
  title: 'Scoring preview',
  intro:
    'Draft a different first-signup bonus or badge thresholds and see whose points, rank or badges would change. The history is replayed into a shadow model; nothing is applied.',
  readOnly: 'This preview is read-only: it changes nothing for anyone.',
  bonus: 'First-signup bonus (points)',
  thresholds: 'Badge thresholds',
  current: (value: number) => `Current: ${String(value)}`,
  start: 'Preview changes',
  starting: 'Starting preview...',
  noChange: 'Change the bonus or a badge threshold first.',
  progress: (events: number, total: number | null) =>
    total === null
      ? `Replaying history: ${String(events)} events`
      : `Replaying history: ${String(events)} of ${String(total)} events`,
  comparing: 'Comparing with the live results...',
  failed: (reason: string) => `The preview failed: ${reason}`,
  summary: (changed: number, compared: number) =>
    `${String(changed)} of ${String(compared)} users would change.`,
  nobody: 'Nobody’s points, rank or badges would change.',
  columns: {
    user: 'User',
    pointsBefore: 'Points now',
    pointsAfter: 'Points after',
    rankBefore: 'Rank now',
    rankAfter: 'Rank after',
    badgesBefore: 'Badges now',
    badgesAfter: 'Badges after',
  },
  tableCaption: 'Users whose points, rank or badges would change',
  noBadges: 'none',
} as const;
