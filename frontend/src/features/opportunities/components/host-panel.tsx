import type { OpportunityDetail } from '@campus/contracts';
import { AdminTools } from './admin-tools';
import { AttendanceManagement } from './attendance-management';
import { CheckInCode } from './check-in-code';
import { Communication } from './communication';
import styles from './host-tools.module.css';
import { SlotManagement } from './slot-management';

export type HostPanelProps = { opportunity: OpportunityDetail; isAdmin: boolean; started: boolean };

/** What replaces the sign-up card for the host or an admin. */
export const HostPanel = ({ opportunity, isAdmin, started }: HostPanelProps) => (
  <div className={styles.panel}>
    {opportunity.attendance_marked ? null : <CheckInCode opportunity={opportunity} />}
    <AttendanceManagement opportunity={opportunity} started={started} />
    <SlotManagement opportunity={opportunity} />
    <Communication opportunity={opportunity} />
    {isAdmin ? <AdminTools opportunity={opportunity} /> : null}
  </div>
);
