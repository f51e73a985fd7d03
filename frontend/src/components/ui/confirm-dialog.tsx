import { Button } from './button';
import { Dialog } from './dialog';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button shows a spinner and both are disabled while the action runs. */
  busy?: boolean;
  /** The action destroys or hides something: the confirm button is drawn in the danger colour. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that is hard to take back. Render it only while it is open. */
export const ConfirmDialog = ({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => (
  <Dialog
    title={title}
    description={message}
    onClose={() => {
      if (!busy) onCancel();
    }}
  >
    <div className={styles.actions}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        onClick={onConfirm}
        loading={busy}
        className={destructive ? styles.destructive : undefined}
        data-destructive={destructive || undefined}
      >
        {confirmLabel}
      </Button>
    </div>
  </Dialog>
);
