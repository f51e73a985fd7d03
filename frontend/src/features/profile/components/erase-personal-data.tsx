import { texts } from '@campus/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEraseUser } from '../api/erase-user';

const t = texts.profile.erase;

/** Admins, on someone else's profile: erase their personal data after confirming. */
export const ErasePersonalData = ({ userId }: { userId: string }) => {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseUser(userId);
  return (
    <div>
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={erase.isSuccess}>
        {t.button}
      </Button>
      {erase.isSuccess ? <Alert tone="success">{t.done}</Alert> : null}
      {erase.isError ? <Alert>{t.failed(erase.error.message)}</Alert> : null}
      {confirming ? (
        <ConfirmDialog
          title={t.title}
          message={t.message}
          confirmLabel={t.confirm}
          cancelLabel={t.cancel}
          busy={erase.isPending}
          onConfirm={() => erase.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
};
