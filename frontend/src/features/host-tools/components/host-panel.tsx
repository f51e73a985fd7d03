import { texts, type OpportunityDetail, hostTexts } from '@campus/contracts';
import { useId, type ReactNode } from 'react';
import { ClockIcon, HourglassIcon, StarIcon } from '@/components/ui/detail-icons';
import { Fact, FactList } from '@/components/ui/fact-list';
import { CalendarIcon, CheckCircleIcon, MapPinIcon, WarningIcon } from '@/components/ui/icons';
import { cx } from '@/lib/cx';
import { formatLongDate, formatTimeRange } from '@/lib/format-date';
import { AdminTools } from './admin-tools';
import { AttendanceManagement } from './attendance-management';
import { CheckInCode } from './check-in-code';
import { Communication } from './communication';
import styles from './host-tools.module.css';
import { SlotManagement } from './slot-management';

const d = texts.opportunities.detail;
const f = hostTexts.facts;

type HostPanelProps = { opportunity: OpportunityDetail; isAdmin: boolean; started: boolean };

/** The tools' heading: 'Go to host tools' in the facts card jumps here and focuses it. */
const HOST_TOOLS_HEADING_ID = 'host-tools';

/** What replaces the sign-up card for the host or an admin, under its 'Host tools' heading. */
export const HostPanel = ({ opportunity, isAdmin, started }: HostPanelProps) => (
  <section className={styles.panel} aria-labelledby={HOST_TOOLS_HEADING_ID}>
    <h2 id={HOST_TOOLS_HEADING_ID} className={styles.panelTitle} tabIndex={-1}>
      {hostTexts.tools.title}
    </h2>
    {opportunity.attendance_marked ? null : <CheckInCode opportunity={opportunity} />}
    <AttendanceManagement opportunity={opportunity} started={started} />
    <SlotManagement opportunity={opportunity} />
    <Communication opportunity={opportunity} />
    {isAdmin ? <AdminTools opportunity={opportunity} /> : null}
  </section>
);

/**
 * 'Go to host tools': a link to the tools' heading that also gives it focus, so the next Tab
 * reaches the check-in code. The page shows it only where the tools come after the description.
 */
export const GoToHostTools = ({ className }: { className?: string }) => (
  <a
    href={`#${HOST_TOOLS_HEADING_ID}`}
    className={className}
    onClick={() => {
      // The browser scrolls to the heading (clear of the sticky header); focus follows it.
      document.getElementById(HOST_TOOLS_HEADING_ID)?.focus({ preventScroll: true });
    }}
  >
    {f.goToTools}
  </a>
);

/**
 * The host's and admins' compact facts beside their tools: date, time, duration, points, whether
 * an admin has approved it, and the location (the students' sign-up card shows its own); then
 * `children` (the jump to the tools on narrow screens).
 */
export const HostFacts = ({
  opportunity: o,
  children,
}: {
  opportunity: OpportunityDetail;
  children?: ReactNode;
}) => {
  const headingId = useId();
  return (
    <section className={cx(styles.card, styles.facts)} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.factsTitle}>
        {f.title}
      </h2>
      <FactList compact>
        <Fact icon={<CalendarIcon size={18} />} label={d.date}>
          {formatLongDate(o.starts_at)}
        </Fact>
        <Fact icon={<ClockIcon size={18} />} label={d.time}>
          {formatTimeRange(o.starts_at, o.duration)}
        </Fact>
        <Fact icon={<HourglassIcon size={18} />} label={f.duration}>
          {f.durationValue(o.duration)}
        </Fact>
        <Fact icon={<StarIcon size={18} />} label={d.points}>
          {d.pointsValue(o.points)}
        </Fact>
        <Fact
          icon={o.approved ? <CheckCircleIcon size={18} /> : <WarningIcon size={18} />}
          label={f.status}
          data-testid="approval-state"
        >
          <span className={o.approved ? styles.approved : styles.pending}>
            {o.approved ? f.approved : f.pending}
          </span>
          <span className={styles.factHint}>{o.approved ? f.approvedHint : f.pendingHint}</span>
        </Fact>
        <Fact icon={<MapPinIcon size={18} />} label={d.location}>
          {o.address ?? d.noLocation}
        </Fact>
      </FactList>
      {children}
    </section>
  );
};
