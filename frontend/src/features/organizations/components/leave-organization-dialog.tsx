import { texts } from '@campus/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type LeaveOrganizationDialogProps = {
  organizationName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Leaving asks for confirmation. */
export const LeaveOrganizationDialog = ({
  organizationName,
  busy,
  onConfirm,
  onCancel,
}: LeaveOrganizationDialogProps) => (
  <ConfirmDialog
    title={texts.groups.membership.confirmLeaveTitle}
    message={texts.groups.membership.confirmLeave(organizationName)}
    confirmLabel={texts.groups.membership.leave}
    cancelLabel={texts.groups.membership.cancel}
    busy={busy}
    onConfirm={onConfirm}
    onCancel={onCancel}
  />
);
