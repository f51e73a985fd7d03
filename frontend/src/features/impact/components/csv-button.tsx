import { impactTexts } from '@campus/contracts';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileIcon } from '@/components/ui/icons';
import { useImpactCsv, type ImpactCsvRequest } from '../api/impact-csv';
import { styles } from './impact-styles';

const t = impactTexts.ui.csv;

type CsvButtonProps = {
  /** The table's heading, which names the button and its progress. */
  heading: string;
  request: ImpactCsvRequest;
};

/**
 * One table's CSV: a button, then a progress bar while the report job prepares the file (without
 * a value until its first answer), then the outcome.
 */
export const CsvButton = ({ heading, request }: CsvButtonProps) => {
  const job = useImpactCsv();
  const progressId = useId();
  return (
    <div className={styles.csv}>
      <Button
        variant="secondary"
        size="small"
        icon={<FileIcon size={16} />}
        loading={job.isPending}
        aria-label={t.downloadTable(heading)}
        onClick={() => job.mutate(request)}
      >
        {t.download}
      </Button>
      {job.isPending ? (
        <>
          <label htmlFor={progressId}>{t.preparing(heading)}</label>
          <span className={styles.progressRow}>
            <progress id={progressId} max={100} value={job.progress ?? undefined} />
            {job.progress === null ? null : (
              <span aria-hidden="true">{t.progress(job.progress)}</span>
            )}
          </span>
        </>
      ) : null}
      {job.isSuccess ? <Alert tone="success">{t.done(job.data)}</Alert> : null}
      {job.isError ? <Alert>{t.failed}</Alert> : null}
    </div>
  );
};
