import { texts } from '@campus/contracts';
import { Button, type ButtonSize } from '@/components/ui/button';

type MembershipButtonProps = {
  organizationName: string;
  isMember: boolean;
  busy: boolean;
  size?: ButtonSize;
  onJoin: () => void;
  /** Opens the confirmation; leaving never happens on one click. */
  onLeave: () => void;
};

/** Join for outsiders, Leave for members; the name tells screen readers which one. */
export const MembershipButton = ({
  organizationName,
  isMember,
  busy,
  size = 'small',
  onJoin,
  onLeave,
}: MembershipButtonProps) => {
  const label = isMember ? texts.groups.membership.leave : texts.groups.membership.join;
  return (
    <Button
      size={size}
      variant={isMember ? 'secondary' : 'primary'}
      loading={busy}
      aria-label={`${label} ${organizationName}`}
      onClick={isMember ? onLeave : onJoin}
    >
      {label}
    </Button>
  );
};
