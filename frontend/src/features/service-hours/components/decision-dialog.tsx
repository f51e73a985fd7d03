import {
  decideServiceHoursSchema,
  type DecideServiceHours,
  type ServiceLog,
  serviceHoursTexts,
} from '@campus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { organizationLabel } from '../utils/format';
import styles from './service-hours.module.css';

const t = serviceHoursTexts.ui;

type DecisionValues = z.input<typeof decideServiceHoursSchema>;

type DecisionDialogProps = {
  log: ServiceLog;
  decision: DecideServiceHours['decision'];
  onConfirm: (decision: DecideServiceHours) => void;
  onCancel: () => void;
};

/**
 * Approve (a reason is optional) or Reject (a reason is required) one log, as the decision
 * command's schema says (docs/service-hours.md). Render it only while it is open.
 */
export const DecisionDialog = ({ log, decision, onConfirm, onCancel }: DecisionDialogProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DecisionValues, unknown, DecideServiceHours>({
    defaultValues: { decision, reason: '' },
    resolver: zodResolver(decideServiceHoursSchema),
  });
  const approving = decision === 'approve';
  return (
    <Dialog
      title={approving ? t.confirmApprove : t.confirmReject}
      description={t.decisionSummary(log.user_name, organizationLabel(log), log.minutes)}
      onClose={onCancel}
    >
      <form
        className={styles.dialogForm}
        noValidate
        onSubmit={(event) => void handleSubmit(onConfirm)(event)}
      >
        <TextAreaField
          label={approving ? t.reasonOptional : t.reasonLabel}
          rows={3}
          required={!approving}
          {...register('reason')}
          error={errors.reason?.message}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit">{approving ? t.approve : t.confirmReject}</Button>
        </div>
      </form>
    </Dialog>
  );
};
