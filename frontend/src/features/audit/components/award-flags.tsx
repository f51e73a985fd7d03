import { texts, type AwardFlag } from '@campus/contracts';
import { WarningIcon } from '@/components/ui/icons';
import { Pill } from '@/components/ui/pill';
import { styles } from './audit-styles';

const t = texts.opportunities.awardFlags;

type AwardFlagsProps = {
  flags: readonly AwardFlag[];
  /** The opportunity's scheduled minutes, named in the longer-than-scheduled badge when known. */
  scheduledMinutes?: number | null;
};

/** An award's review flags as badges with text (never colour alone); nothing when it is clean. */
export const AwardFlags = ({ flags, scheduledMinutes = null }: AwardFlagsProps) =>
  flags.length === 0 ? null : (
    <ul className={styles.flags} aria-label={t.label}>
      {flags.map((flag) => (
        <li key={flag}>
          <Pill tone="accent">
            <WarningIcon size={14} />
            {t[flag](scheduledMinutes)}
          </Pill>
        </li>
      ))}
    </ul>
  );
