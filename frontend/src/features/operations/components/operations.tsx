import { texts, TIME_ZONE, type ReplayStatus, adminTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { ScrollTable } from '@/components/ui/scroll-table';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useProjections } from '../api/get-projections';
import { useReplayStatus, useStartReplay } from '../api/replay';
import styles from '@/components/layouts/admin-tool-page.module.css';

const t = adminTexts.operations;

const formatTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'medium',
        timeZone: TIME_ZONE,
      }).format(new Date(iso))
    : t.never;

/** 0 to 100 from the replay's progress, or undefined while the total is unknown. */
const percentOf = (status: ReplayStatus): number | undefined => {
  const progress = status.progress;
  if (status.state === 'completed') return 100;
  if (!progress?.total) return undefined;
  return Math.min(100, Math.round((progress.events / progress.total) * 100));
};

const ProjectionsTable = () => {
  const projections = useProjections();
  if (projections.isPending) return <Spinner label={texts.common.loading} />;
  if (projections.isError) return <Alert>{t.loadFailed}</Alert>;
  const { projections: rows, unsettled_events } = projections.data;
  return (
    <>
      <ScrollTable label={texts.common.scrollableTable(t.projectionsTitle)}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.projection}</th>
              <th scope="col">{t.position}</th>
              <th scope="col">{t.updated}</th>
              <th scope="col" className={styles.number}>
                {t.lagEvents}
              </th>
              <th scope="col" className={styles.number}>
                {t.lagSeconds}
              </th>
              <th scope="col" className={styles.number}>
                {t.deadLetters}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.position}</td>
                <td>{formatTime(p.updated_at)}</td>
                <td className={cx(styles.number, p.lag_events > 0 && styles.warn)}>
                  {p.lag_events}
                </td>
                <td className={cx(styles.number, p.lag_seconds > 0 && styles.warn)}>
                  {p.lag_seconds.toFixed(1)}
                </td>
                <td className={cx(styles.number, p.dead_letters > 0 && styles.warn)}>
                  {p.dead_letters}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {unsettled_events > 0 ? (
        <p className={styles.muted}>{t.unsettled(unsettled_events)}</p>
      ) : null}
      <div>
        <Button
          variant="secondary"
          size="small"
          loading={projections.isFetching}
          onClick={() => void projections.refetch()}
        >
          {t.refresh}
        </Button>
      </div>
    </>
  );
};

const ReplayProgress = ({ jobId }: { jobId: string }) => {
  const status = useReplayStatus(jobId);
  const progressId = useId();
  if (status.isPending) return <Spinner label={texts.common.loading} />;
  if (status.isError) return <Alert>{t.loadFailed}</Alert>;
  const replay = status.data;
  const percent = percentOf(replay);
  return (
    <div className={styles.progress}>
      <label htmlFor={progressId}>
        {t.replayState(replay.state)}
        {replay.progress ? ` · ${t.phase(replay.progress.phase)}` : ''}
        {replay.progress ? ` · ${t.eventsDone(replay.progress.events, replay.progress.total)}` : ''}
      </label>
      <progress id={progressId} max={100} value={percent} />
      {replay.result ? (
        <Alert tone="success">
          {t.replayed(replay.result.events, (replay.result.duration_ms / 1000).toFixed(1))}
        </Alert>
      ) : null}
      {replay.state === 'failed' ? (
        <Alert>{t.replayFailed(replay.failed_reason ?? replay.state)}</Alert>
      ) : null}
    </div>
  );
};

/** Starts a replay of one projection (or all) and follows it. */
const ReplaySection = ({ names }: { names: readonly string[] }) => {
  const start = useStartReplay();
  const [projection, setProjection] = useState<string>(t.all);
  return (
    <section className={styles.section} aria-labelledby="operations-replay-title">
      <h2 id="operations-replay-title" className={styles.sectionTitle}>
        {t.replayTitle}
      </h2>
      <p className={styles.muted}>{t.replayHelp}</p>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate(projection);
        }}
      >
        <SelectField
          label={t.replayLabel}
          options={[t.all, ...names]}
          value={projection}
          onChange={(event) => setProjection(event.target.value)}
        />
        <Button type="submit" loading={start.isPending}>
          {start.isPending ? t.starting : t.start}
        </Button>
      </form>
      {start.isError ? (
        <Alert>{t.startFailed(serverMessageOf(start.error) ?? start.error.message)}</Alert>
      ) : null}
      {start.data ? <ReplayProgress key={start.data.job_id} jobId={start.data.job_id} /> : null}
    </section>
  );
};

/** The admins' operations page: projection lag and dead letters, and replays. */
export const Operations = () => {
  const projections = useProjections();
  const names = projections.data?.projections.map((p) => p.name) ?? [];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.muted}>{t.subtitle}</p>
        <div>
          <ButtonLink
            to={paths.admin.getHref()}
            variant="ghost"
            size="small"
            icon={<ArrowLeftIcon size={16} />}
          >
            {t.backToPanel}
          </ButtonLink>
        </div>
      </header>
      <section className={styles.section} aria-labelledby="operations-projections-title">
        <h2 id="operations-projections-title" className={styles.sectionTitle}>
          {t.projectionsTitle}
        </h2>
        <ProjectionsTable />
      </section>
      <ReplaySection names={names} />
    </div>
  );
};
