import {
  ORGANIZATION_TYPES,
  organizationTypeBoardSlug,
  texts,
  type LeaderboardEntry,
} from '@campus/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FileIcon, TrophyIcon } from '@/components/ui/icons';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { siteContent } from '@/content/site';
import { serverMessageOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useLeaderboard, type LeaderboardPeriod } from '../api/get-leaderboard';
import { useLeaderboardAction, type LeaderboardAction } from '../api/leaderboard-actions';
import { formatBoardDate, formatBoardMonth } from '../utils/format';
import {
  LeaderboardTable,
  LeaderboardTableMessage,
  LeaderboardTableSkeleton,
} from './leaderboard-table';
import styles from './leaderboard.module.css';

const t = texts.leaderboard;

const INDIVIDUALS = 'individuals';

/** Individuals, All Organizations, then one tab per organization type. */
const LEADERBOARD_TABS: readonly TabItem<string>[] = [
  { value: INDIVIDUALS, label: t.individuals },
  { value: 'organizations', label: t.allOrganizations },
  ...ORGANIZATION_TYPES.map((type) => ({ value: organizationTypeBoardSlug(type), label: type })),
];

const PERIODS = [
  { value: 'monthly', label: t.monthly },
  { value: 'all', label: t.allTime },
] as const;

type LeaderboardProps = {
  /** The signed-in user: their row is marked, and they act as this user. */
  userId: string;
};

/** /leaderboard: monthly or all-time boards of students and organizations. */
export const Leaderboard = ({ userId }: LeaderboardProps) => {
  const [period, setPeriod] = useState<LeaderboardPeriod>('monthly');
  const [board, setBoard] = useState(INDIVIDUALS);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [leaving, setLeaving] = useState<LeaderboardEntry | null>(null);
  const view = useLeaderboard(period, board);
  const act = useLeaderboardAction(userId);

  const choosePeriod = (next: LeaderboardPeriod) => {
    if (next === 'monthly' && view.fellBack) view.retryMonthly();
    setPeriod(next);
  };

  const run = async (next: LeaderboardAction) => {
    const id = next.entry.id;
    setBusyIds((ids) => new Set(ids).add(id));
    try {
      await act(next);
    } catch {
      // The popup has shown the failure.
    } finally {
      setBusyIds((ids) => {
        const rest = new Set(ids);
        rest.delete(id);
        return rest;
      });
    }
  };

  const data = view.data;
  // While the leaderboards are unavailable the board is read again by itself, so the page keeps
  // its loading shape (rank card, period line) for the board that is on its way.
  const awaiting = view.isPending || view.unavailable;
  const windowText =
    data?.month && data.window_start
      ? t.monthWindow(formatBoardMonth(data.month), formatBoardDate(data.window_start))
      : data
        ? t.allTimeWindow
        : null;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.heading}>
          {/* Takes focus after a navigation to this page. */}
          <h1 className={styles.title} tabIndex={-1}>
            {texts.pages.leaderboard}
          </h1>
          {/* Its line is kept while the board loads, so nothing below moves when it arrives. */}
          {windowText ? (
            <p className={styles.subtitle}>{windowText}</p>
          ) : awaiting ? (
            <p className={cx(styles.subtitle, styles.subtitlePending)}>
              <Skeleton inline width="16rem" />
            </p>
          ) : null}
        </div>
        <SegmentedControl
          label={t.period}
          options={PERIODS}
          value={view.shownPeriod}
          onChange={choosePeriod}
        />
      </div>

      {data || awaiting ? (
        <section className={styles.me} aria-label={t.yourRank} aria-busy={!data || undefined}>
          <span className={styles.meIcon}>
            <TrophyIcon size={24} />
          </span>
          <dl className={styles.meStats}>
            <div>
              <dt>{t.yourRank}</dt>
              <dd>{data ? `#${String(data.me.rank)}` : <Skeleton inline width="3ch" />}</dd>
            </div>
            <div>
              <dt>{t.yourPoints}</dt>
              <dd>{data ? data.me.points : <Skeleton inline width="3ch" />}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      {/* Not while the all-time board is unavailable too: then it is not shown either. */}
      {view.fellBack && !view.unavailable ? <Alert tone="info">{t.fallback}</Alert> : null}

      <Tabs label={t.boards} tabs={LEADERBOARD_TABS} value={board} onChange={setBoard}>
        {view.unavailable ? (
          <LeaderboardTableMessage>
            <Alert tone="info">{serverMessageOf(view.failure) ?? t.loadFailed}</Alert>
            <Button variant="secondary" onClick={view.refetch}>
              {texts.common.retry}
            </Button>
          </LeaderboardTableMessage>
        ) : view.isPending ? (
          <LeaderboardTableSkeleton />
        ) : view.isError || !data ? (
          <LeaderboardTableMessage>
            <Alert>{t.loadFailed}</Alert>
            <Button variant="secondary" onClick={view.refetch}>
              {texts.common.retry}
            </Button>
          </LeaderboardTableMessage>
        ) : (
          <LeaderboardTable
            kind={board === INDIVIDUALS ? 'individuals' : 'organizations'}
            entries={data.entries}
            busyIds={busyIds}
            onAction={(next) => void run(next)}
            onLeave={setLeaving}
          />
        )}
      </Tabs>

      <p className={styles.terms}>
        <a href={siteContent.termsAndPrivacyPdf} target="_blank" rel="noreferrer">
          <FileIcon size={16} />
          {texts.login.terms}
        </a>
      </p>

      {leaving ? (
        <ConfirmDialog
          title={t.organization.leaveTitle(leaving.name)}
          message={t.organization.leaveText}
          confirmLabel={t.organization.leave}
          cancelLabel={t.organization.cancel}
          busy={busyIds.has(leaving.id)}
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            void run({ type: 'leaveOrganization', entry: leaving }).then(() => setLeaving(null));
          }}
        />
      ) : null}
    </div>
  );
};
