import { type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FailureAlert } from '@/components/ui/failure-alert';
import { usePopup } from '@/components/ui/popup';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/api-client';
import { checkImageFile } from '@/lib/upload';
import { useDeleteOpportunity, useReplaceImage } from '../api/manage-opportunity';
import styles from './host-tools.module.css';

const t = hostTexts.manage;

type ManageBarProps = {
  opportunity: OpportunityDetail;
  editing: boolean;
  onEdit: () => void;
};

/** Edit mode's actions for the host or an admin: Edit Details, Clone, Delete, a new image. */
export const ManageBar = ({ opportunity: o, editing, onEdit }: ManageBarProps) => {
  const navigate = useNavigate();
  const popup = usePopup();
  const remove = useDeleteOpportunity(o.id);
  const replaceImage = useReplaceImage(o.id);
  const fileRef = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  const pickImage = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const check = checkImageFile(file);
    if (check !== 'ok') {
      setImageError(
        check === 'tooLarge' ? hostTexts.create.imageTooLarge : hostTexts.create.imageTypeError,
      );
      return;
    }
    setImageError(null);
    replaceImage.mutate(file);
  };

  return (
    <div className={styles.manageBar}>
      <div className={styles.buttons}>
        <Button size="small" onClick={onEdit} disabled={editing}>
          {t.editDetails}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void navigate(paths.createOpportunity.getHref(), { state: { clone: o } })}
        >
          {t.cloneOpportunity}
        </Button>
        <Button
          size="small"
          variant="secondary"
          loading={replaceImage.isPending}
          onClick={() => fileRef.current?.click()}
        >
          {replaceImage.isPending ? t.uploadingImage : t.changeImage}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t.changeImage}
          onChange={(event) => pickImage(event.target.files?.[0])}
        />
        <Button
          size="small"
          variant="ghost"
          className={styles.danger}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          {t.deleteOpportunity}
        </Button>
      </div>
      {imageError ? <Alert>{imageError}</Alert> : null}
      {replaceImage.isSuccess ? <Alert tone="success">{t.imageUpdated}</Alert> : null}
      {replaceImage.isError ? (
        <FailureAlert
          message={t.imageUploadFailed(
            serverMessageOf(replaceImage.error) ?? replaceImage.error.message,
          )}
          detail={null}
        />
      ) : null}
      {remove.isError ? (
        <FailureAlert
          message={t.deleteFailed(serverMessageOf(remove.error) ?? remove.error.message)}
          detail={null}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t.deleteTitle}
          message={t.deleteConfirm}
          confirmLabel={t.delete}
          cancelLabel={t.cancel}
          busy={remove.isPending}
          destructive
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              // The page is gone: My Opportunities opens under a popup saying what happened.
              onSuccess: () => {
                popup.show({
                  variant: 'success',
                  title: t.deletedTitle,
                  message: t.deleted(o.name),
                });
                void navigate(paths.myOpportunities.getHref(), { replace: true });
              },
              onSettled: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </div>
  );
};
