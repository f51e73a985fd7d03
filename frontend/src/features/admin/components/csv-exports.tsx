import { type RequestReport, adminTexts } from '@campus/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { usePublicConfig } from '@/lib/public-config';
import { useReportExport } from '../api/report-jobs';
import { defaultServiceRange, isValidRange } from '../utils/dates';
import { styles } from './admin-styles';

const t = adminTexts.exports;

type ExportButtonProps = {
  label: string;
  /** The error text of this export. */
  failure: string;
  /** The job to run, or null when the form's input is not valid (nothing runs). */
  request: () => RequestReport | null;
  /** The file name shown while it is prepared. */
  fileName: string;
};

/** One export: a button, then a progress bar while the report job runs, then the download. */
const ExportButton = ({ label, failure, request, fileName }: ExportButtonProps) => {
  const job = useReportExport();
  const progressId = useId();
  return (
    <div className={styles.progress}>
      <Button
        variant="secondary"
        icon={<FileIcon size={18} />}
        loading={job.isPending}
        onClick={() => {
          const body = request();
          if (body) job.mutate(body);
        }}
      >
        {label}
      </Button>
      {job.isPending ? (
        <>
          <label htmlFor={progressId}>{t.progress(fileName)}</label>
          <progress id={progressId} max={100} value={job.progress ?? undefined} />
        </>
      ) : null}
      {job.isSuccess ? <Alert tone="success">{t.done(job.data)}</Alert> : null}
      {job.isError ? <Alert>{failure}</Alert> : null}
    </div>
  );
};

/**
 * "Now" by the server's clock (GET /api/config's `now`, shifted outside production), as the
 * browser's clock plus the offset seen when the config arrived.
 */
const useServerClock = (): (() => Date) => {
  const { data, dataUpdatedAt } = usePublicConfig();
  const offset = data ? Date.parse(data.now) - dataUpdatedAt : 0;
  return () => new Date(Date.now() + offset);
};

type CsvExportsProps = {
  /** Replaces the server's clock (tests). */
  now?: () => Date;
};

/** CSV exports of users, opportunities and service data (a date range), as report jobs. */
export const CsvExports = ({ now }: CsvExportsProps) => {
  const serverNow = useServerClock();
  const defaults = defaultServiceRange(now ? now() : serverNow());
  // What the admin typed; the defaults follow the server's clock until then.
  const [edited, setEdited] = useState<{ start?: string; end?: string }>({});
  const range = { start: edited.start ?? defaults.start, end: edited.end ?? defaults.end };
  const [rangeError, setRangeError] = useState(false);
  const start = range.start.trim();
  const end = range.end.trim();

  return (
    <section className={styles.section} aria-labelledby="admin-exports-title">
      <h2 id="admin-exports-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      <div className={styles.row}>
        <ExportButton
          label={t.users}
          failure={t.usersFailed}
          fileName="users.csv"
          request={() => ({ kind: 'users' })}
        />
        <ExportButton
          label={t.opportunities}
          failure={t.opportunitiesFailed}
          fileName="opportunities.csv"
          request={() => ({ kind: 'opportunities' })}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label={t.startPrompt}
          value={range.start}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          onChange={(event) => setEdited({ ...edited, start: event.target.value })}
        />
        <TextField
          label={t.endPrompt}
          value={range.end}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          onChange={(event) => setEdited({ ...edited, end: event.target.value })}
        />
      </div>
      <ExportButton
        label={t.serviceData}
        failure={t.serviceDataFailed}
        fileName={`service_data_${start}_to_${end}.csv`}
        request={() => {
          const valid = isValidRange(start, end);
          setRangeError(!valid);
          return valid ? { kind: 'service-data', start_date: start, end_date: end } : null;
        }}
      />
      {rangeError ? <Alert>{t.badDate}</Alert> : null}
    </section>
  );
};
