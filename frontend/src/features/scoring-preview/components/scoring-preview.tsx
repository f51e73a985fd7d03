import {
  BADGES,
  SCORING_DEFAULTS,
  texts,
  UNKNOWN_RANK,
  type BadgeId,
  type ScoringChange,
  type StartScoringPreview,
  adminTexts,
  scoringPreviewTexts,
  serviceHoursTexts,
} from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FailureAlert } from '@/components/ui/failure-alert';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import {
  useLoggedHoursScoring,
  useScoringPreview,
  useSetLoggedHoursScoring,
  useStartScoringPreview,
} from '../api/scoring-preview';
import page from '@/components/layouts/admin-tool-page.module.css';
import own from './scoring-preview.module.css';

const styles = { ...page, ...own };

const t = scoringPreviewTexts;
const hoursTexts = serviceHoursTexts.ui;
const badgeName = (id: string) => BADGES.find((b) => b.id === id)?.name ?? id;
const badgeList = (ids: readonly string[]) =>
  ids.length ? ids.map(badgeName).join(', ') : t.noBadges;
const rankText = (rank: number) => (rank === UNKNOWN_RANK ? '–' : String(rank));

type Draft = {
  bonus: string;
  thresholds: Partial<Record<BadgeId, string>>;
  /** Whether approved logged hours earn points; null while the current rule is kept. */
  loggedHours: boolean | null;
};

/** A whole number typed in a field, or undefined when empty or not a number. */
const numberOf = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
};

/**
 * The draft's changes from the current parameters (what the request sends). The logged hours
 * rule goes when it differs from the current one, or when the current one is not known.
 */
const draftBody = (
  draft: Draft,
  currentLoggedHours: boolean | undefined,
): StartScoringPreview | null => {
  const bonus = numberOf(draft.bonus);
  const thresholds: Partial<Record<BadgeId, number>> = {};
  for (const badge of BADGES) {
    const value = numberOf(draft.thresholds[badge.id]);
    if (value !== undefined && value !== SCORING_DEFAULTS.badgeThresholds[badge.id])
      thresholds[badge.id] = value;
  }
  const body: StartScoringPreview = {
    ...(bonus !== undefined && bonus !== SCORING_DEFAULTS.firstSignupBonusPoints
      ? { first_signup_bonus_points: bonus }
      : {}),
    ...(Object.keys(thresholds).length ? { badge_thresholds: thresholds } : {}),
    ...(draft.loggedHours !== null && draft.loggedHours !== currentLoggedHours
      ? { logged_hours_earn_points: draft.loggedHours }
      : {}),
  };
  return Object.keys(body).length ? body : null;
};

/** The table of users whose points, rank or badges would change, before and after. */
const ChangesTable = ({ changes }: { changes: readonly ScoringChange[] }) => (
  <ScrollTable label={texts.common.scrollableTable(t.tableCaption)}>
    <table className={styles.table}>
      <caption className={styles.muted}>{t.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.columns.user}</th>
          <th scope="col" className={styles.number}>
            {t.columns.pointsBefore}
          </th>
          <th scope="col" className={styles.number}>
            {t.columns.pointsAfter}
          </th>
          <th scope="col" className={styles.number}>
            {t.columns.rankBefore}
          </th>
          <th scope="col" className={styles.number}>
            {t.columns.rankAfter}
          </th>
          <th scope="col">{t.columns.badgesBefore}</th>
          <th scope="col">{t.columns.badgesAfter}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.user_id}>
            <th scope="row">{c.name}</th>
            <td className={styles.number}>{c.points_before}</td>
            <td className={cx(styles.number, c.points_after !== c.points_before && styles.warn)}>
              {c.points_after}
            </td>
            <td className={styles.number}>{rankText(c.rank_before)}</td>
            <td className={cx(styles.number, c.rank_after !== c.rank_before && styles.warn)}>
              {rankText(c.rank_after)}
            </td>
            <td>{badgeList(c.badges_before)}</td>
            <td className={cx(c.badges_after.join() !== c.badges_before.join() && styles.warn)}>
              {badgeList(c.badges_after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </ScrollTable>
);

const PreviewResult = ({ jobId }: { jobId: string }) => {
  const status = useScoringPreview(jobId);
  const progressId = useId();
  if (status.isPending) return <Spinner label={texts.common.loading} />;
  if (status.isError)
    return <Alert>{t.failed(serverMessageOf(status.error) ?? status.error.message)}</Alert>;
  const preview = status.data;
  if (preview.state === 'failed' || preview.state === 'unknown')
    return <Alert>{t.failed(preview.failed_reason ?? preview.state)}</Alert>;
  if (!preview.result) {
    const progress = preview.progress;
    const total = progress?.total ?? null;
    return (
      <div className={styles.progress}>
        <label htmlFor={progressId}>
          {progress?.phase === 'comparing' ? t.comparing : t.progress(progress?.events ?? 0, total)}
        </label>
        <progress
          id={progressId}
          max={100}
          value={
            total ? Math.min(100, Math.round(((progress?.events ?? 0) / total) * 100)) : undefined
          }
        />
      </div>
    );
  }
  const { changes, users_compared } = preview.result;
  return (
    <>
      <Alert tone="info">
        {changes.length ? t.summary(changes.length, users_compared) : t.nobody}
      </Alert>
      {changes.length ? <ChangesTable changes={changes} /> : null}
    </>
  );
};

/**
 * /admin/scoring-preview: an admin drafts a first-signup bonus, badge thresholds or the logged
 * hours rule; the history is replayed into a shadow model with the draft and the users whose
 * points, rank or badges would change are listed. The preview applies nothing; the logged hours
 * rule's own card below applies that rule.
 */
export const ScoringPreview = () => {
  const start = useStartScoringPreview();
  const rule = useLoggedHoursScoring();
  const [draft, setDraft] = useState<Draft>({
    bonus: String(SCORING_DEFAULTS.firstSignupBonusPoints),
    thresholds: {},
    loggedHours: null,
  });
  const [empty, setEmpty] = useState(false);
  const currentLoggedHours = rule.data?.earn_points;
  const body = draftBody(draft, currentLoggedHours);
  const loggedHoursId = useId();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.muted}>{t.intro}</p>
        <div>
          <ButtonLink
            to={paths.admin.getHref()}
            variant="ghost"
            size="small"
            icon={<ArrowLeftIcon size={16} />}
          >
            {adminTexts.operations.backToPanel}
          </ButtonLink>
        </div>
      </header>
      <section className={styles.section} aria-labelledby="scoring-draft-title">
        <h2 id="scoring-draft-title" className={styles.sectionTitle}>
          {t.title}
        </h2>
        <Alert tone="info">{t.readOnly}</Alert>
        <form
          className={styles.fieldset}
          onSubmit={(event) => {
            event.preventDefault();
            setEmpty(body === null);
            if (body) start.mutate(body);
          }}
        >
          <TextField
            label={t.bonus}
            hint={t.current(SCORING_DEFAULTS.firstSignupBonusPoints)}
            inputMode="numeric"
            value={draft.bonus}
            onChange={(event) => setDraft({ ...draft, bonus: event.target.value })}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t.thresholds}</legend>
            <div className={styles.grid}>
              {BADGES.map((badge) => (
                <TextField
                  key={badge.id}
                  label={badge.name}
                  hint={t.current(SCORING_DEFAULTS.badgeThresholds[badge.id])}
                  inputMode="numeric"
                  value={
                    draft.thresholds[badge.id] ?? String(SCORING_DEFAULTS.badgeThresholds[badge.id])
                  }
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      thresholds: { ...draft.thresholds, [badge.id]: event.target.value },
                    })
                  }
                />
              ))}
            </div>
          </fieldset>
          {/* Named by its label only: the current rule is its description. */}
          <div className={styles.toggle}>
            <input
              id={loggedHoursId}
              type="checkbox"
              aria-describedby={`${loggedHoursId}-hint`}
              checked={draft.loggedHours ?? currentLoggedHours ?? false}
              onChange={(event) => setDraft({ ...draft, loggedHours: event.target.checked })}
            />
            <span>
              <label htmlFor={loggedHoursId} className={styles.legend}>
                {hoursTexts.scoringRuleOn}
              </label>
              <span id={`${loggedHoursId}-hint`} className={styles.hint}>
                {currentLoggedHours !== undefined
                  ? hoursTexts.scoringRuleCurrent(currentLoggedHours)
                  : rule.isError
                    ? hoursTexts.scoringRuleLoadFailed
                    : texts.common.loading}
              </span>
            </span>
          </div>
          <div>
            <Button type="submit" loading={start.isPending}>
              {start.isPending ? t.starting : t.start}
            </Button>
          </div>
        </form>
        {empty ? <Alert>{hoursTexts.scoringNoChange}</Alert> : null}
        {start.isError ? (
          <Alert>{t.failed(serverMessageOf(start.error) ?? start.error.message)}</Alert>
        ) : null}
        {start.data ? <PreviewResult key={start.data.job_id} jobId={start.data.job_id} /> : null}
      </section>
      <LoggedHoursRule />
    </div>
  );
};

/**
 * The logged hours rule (docs/service-hours.md): whether approved logged hours earn points now,
 * and the button that turns it the other way for every approved log, after a confirmation. The
 * draft above previews the change first.
 */
const LoggedHoursRule = () => {
  const rule = useLoggedHoursScoring();
  const apply = useSetLoggedHoursScoring();
  const [confirming, setConfirming] = useState(false);
  const on = rule.data?.earn_points;
  return (
    <section className={styles.section} aria-labelledby="logged-hours-rule-title">
      <h2 id="logged-hours-rule-title" className={styles.sectionTitle}>
        {hoursTexts.scoringRuleTitle}
      </h2>
      {rule.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : rule.isError || on === undefined ? (
        <Alert>{hoursTexts.scoringRuleLoadFailed}</Alert>
      ) : (
        <>
          <p>
            <strong>{on ? hoursTexts.scoringRuleOn : hoursTexts.scoringRuleOff}</strong>
          </p>
          <Alert tone="info">{hoursTexts.scoringRuleHint}</Alert>
          <div>
            <Button
              variant="secondary"
              loading={apply.isPending}
              onClick={() => setConfirming(true)}
            >
              {hoursTexts.scoringRuleApply(!on)}
            </Button>
          </div>
          {confirming ? (
            <ConfirmDialog
              title={hoursTexts.scoringRuleTitle}
              message={hoursTexts.scoringRuleConfirm(!on)}
              confirmLabel={hoursTexts.scoringRuleApply(!on)}
              cancelLabel={hoursTexts.cancel}
              busy={apply.isPending}
              onConfirm={() => apply.mutate(!on, { onSettled: () => setConfirming(false) })}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
        </>
      )}
      {apply.isSuccess ? <Alert tone="success">{hoursTexts.scoringRuleApplied}</Alert> : null}
      {apply.isError ? (
        <FailureAlert
          message={hoursTexts.scoringRuleFailed}
          detail={serverMessageOf(apply.error) ?? apply.error.message}
        />
      ) : null}
    </section>
  );
};
