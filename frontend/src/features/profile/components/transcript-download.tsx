import { transcriptTexts } from '@campus/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDownloadTranscript } from '../api/download-transcript';

const t = transcriptTexts;

/** The owner and admins: the service transcript PDF (verified service with totals). */
export const TranscriptDownload = ({ userId }: { userId: string }) => {
  const download = useDownloadTranscript(userId);
  return (
    <div>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t.downloading : t.download}
      </Button>
      {download.isError ? <Alert>{t.downloadFailed}</Alert> : null}
    </div>
  );
};
