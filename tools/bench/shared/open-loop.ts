import { percentile } from './measure';

/**
 * The accounting of an open-loop run: every command offered has a scheduled time; it is sent then
 * or, when the driver could not (too many in flight, or the command it depends on not answered
 * yet), as soon as it can, and that delay counts. Nothing offered is left out of the figures.
 */

/** A command sent later than this after its scheduled time counts as late. */
export const LATE_AFTER_MS = 10;

export type OfferedRecord = {
  readonly kind: string;
  /** Times in ms on the driver's clock (performance.now()). */
  readonly scheduledAt: number;
  /** Null: never sent (the run ended first, or the command it depends on failed). */
  readonly sentAt: number | null;
  readonly answeredAt: number | null;
  /** The HTTP status, or 'error' (no answer), 'not sent', 'dependency failed'. */
  readonly status: number | 'error' | 'not sent' | 'dependency failed';
  /** When the read carrying the command's consistency token answered; null without a read. */
  readonly visibleAt: number | null;
  /** The read gave up waiting for the token's position (it answered without the effect). */
  readonly stale: boolean;
  /** What held it back when it was not sent on time: every slot busy, or the command it follows. */
  readonly heldBy?: 'in-flight limit' | 'predecessor';
  /** The read's status when it was not 2xx ('error': no answer). */
  readonly readFailure?: number | 'error';
};

export type Spread = { readonly p50: number; readonly p99: number; readonly max: number };

export type OpenLoopSummary = {
  readonly offered: number;
  readonly sent: number;
  readonly sentLate: number;
  /** The delay of the late ones (sent minus scheduled). */
  readonly lateBy: Spread;
  /**
   * Why the late ones were late: every slot busy, the command they follow not answered yet, or
   * neither (the driver's own timer and event loop: the machine's CPU was busy).
   */
  readonly lateFor: Record<string, number>;
  /** 2xx answers. */
  readonly ok: number;
  /** Every outcome that is not a 2xx, by status. */
  readonly failedByStatus: Record<string, number>;
  /** Commands whose effect was never seen by a read: failed, never sent, or the read gave up. */
  readonly notVisible: number;
  readonly stale: number;
  /** Reads that did not answer 2xx, by status. */
  readonly readFailures: Record<string, number>;
  /**
   * (sent − scheduled) + (read answered − command answered) for every offered command; Infinity
   * for one whose effect was never seen, so a percentile above the visible share is Infinity.
   */
  readonly lag: Spread;
  /** The commands' own latency, sent → answered, over those answered. */
  readonly command: Spread;
  /** As users see it: scheduled → answered, over those answered. */
  readonly commandFromSchedule: Spread;
  /** 2xx answers per second from the first scheduled time to the last answer. */
  readonly answeredPerSecond: number;
  readonly byKind: Record<string, { offered: number; ok: number; lag: Spread }>;
  /** The lag of the commands scheduled in each window of `WINDOW_MS`, in order: when it was high. */
  readonly byWindow: readonly Spread[];
};

/** The length of `byWindow`'s windows. */
export const WINDOW_MS = 10_000;

const spread = (values: readonly number[]): Spread => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  max: percentile(values, 100),
});

const isOk = (r: OfferedRecord) =>
  typeof r.status === 'number' && r.status >= 200 && r.status < 300;

/** The lag of one offered command (Infinity when its effect was never seen). */
export const lagOf = (r: OfferedRecord): number =>
  isOk(r) && r.sentAt !== null && r.answeredAt !== null && r.visibleAt !== null && !r.stale
    ? r.sentAt - r.scheduledAt + (r.visibleAt - r.answeredAt)
    : Number.POSITIVE_INFINITY;

export const summarizeOpenLoop = (records: readonly OfferedRecord[]): OpenLoopSummary => {
  const sent = records.filter((r) => r.sentAt !== null);
  const late = sent.filter((r) => (r.sentAt as number) - r.scheduledAt > LATE_AFTER_MS);
  const answered = records.filter((r) => r.sentAt !== null && r.answeredAt !== null);
  const failedByStatus: Record<string, number> = {};
  for (const r of records) {
    if (isOk(r)) continue;
    const key = String(r.status);
    failedByStatus[key] = (failedByStatus[key] ?? 0) + 1;
  }
  const lateFor: Record<string, number> = {};
  for (const r of late) {
    const why = r.heldBy ?? 'driver timer';
    lateFor[why] = (lateFor[why] ?? 0) + 1;
  }
  const readFailures: Record<string, number> = {};
  for (const r of records) {
    if (r.readFailure === undefined) continue;
    const key = String(r.readFailure);
    readFailures[key] = (readFailures[key] ?? 0) + 1;
  }
  const lags = records.map(lagOf);
  const ok = records.filter(isOk);
  const first = Math.min(...records.map((r) => r.scheduledAt));
  const last = Math.max(...ok.map((r) => r.answeredAt as number));
  const byKind: OpenLoopSummary['byKind'] = {};
  for (const kind of new Set(records.map((r) => r.kind))) {
    const mine = records.filter((r) => r.kind === kind);
    byKind[kind] = {
      offered: mine.length,
      ok: mine.filter(isOk).length,
      lag: spread(mine.map(lagOf)),
    };
  }
  const windowLags: number[][] = [];
  for (const r of records) {
    const w = Math.floor((r.scheduledAt - first) / WINDOW_MS);
    while (windowLags.length <= w) windowLags.push([]);
    windowLags[w]?.push(lagOf(r));
  }
  return {
    offered: records.length,
    sent: sent.length,
    sentLate: late.length,
    lateBy: spread(late.map((r) => (r.sentAt as number) - r.scheduledAt)),
    lateFor,
    ok: ok.length,
    failedByStatus,
    notVisible: lags.filter((l) => l === Number.POSITIVE_INFINITY).length,
    stale: records.filter((r) => r.stale).length,
    readFailures,
    lag: spread(lags),
    command: spread(answered.map((r) => (r.answeredAt as number) - (r.sentAt as number))),
    commandFromSchedule: spread(answered.map((r) => (r.answeredAt as number) - r.scheduledAt)),
    answeredPerSecond: ok.length && last > first ? ok.length / ((last - first) / 1_000) : 0,
    byKind,
    byWindow: windowLags.map(spread),
  };
};
