import type { ImpactTable, ReportKind } from '@campus/contracts';
import type { PoolClient } from '@campus/infra';
import { impactCsvColumns, impactCsvRows, readImpact } from './impact';

/**
 * A report to build: the whole users or opportunities list, the service data of a date range, or
 * a table of the impact dashboard (docs/impact.md).
 */
export type ReportRequest =
  | { readonly kind: Exclude<ReportKind, 'service-data' | 'impact'> }
  | { readonly kind: 'service-data'; readonly start: string; readonly end: string }
  | {
      readonly kind: 'impact';
      readonly table: ImpactTable;
      readonly from: string;
      readonly to: string;
      readonly asOf: string | null;
      readonly organizationId: string | null;
    };

type ReportDefinition =
  | {
      readonly columns: readonly string[];
      /** One row per CSV line, with a column per name in `columns`, in a stable order. */
      readonly sql: string;
      readonly params: readonly unknown[];
    }
  | {
      readonly columns: readonly string[];
      /** A report of a few rows worked out from several queries: every row at once. */
      readonly rows: (client: PoolClient) => Promise<readonly (readonly unknown[])[]>;
    };

/** The report file names. */
export const reportFileName = (request: ReportRequest): string => {
  switch (request.kind) {
    case 'users':
      return 'users.csv';
    case 'opportunities':
      return 'opportunities.csv';
    case 'service-data':
      return `service_data_${request.start}_to_${request.end}.csv`;
    case 'impact': {
      const asOf = request.asOf ? `_as_of_${request.asOf}` : '';
      const organization = request.organizationId
        ? `_organization_${request.organizationId.slice(0, 8)}`
        : '';
      return `impact_${request.table}_${request.from}_to_${request.to}${asOf}${organization}.csv`;
    }
    default: {
      const never: never = request;
      throw new Error(`Unknown report ${JSON.stringify(never)}`);
    }
  }
};

/** Unqualified tables: the report's transaction sets the read schema. */
export const reportDefinition = (request: ReportRequest): ReportDefinition => {
  switch (request.kind) {
    case 'users':
      return {
        columns: [
          'id',
          'first_name',
          'last_name',
          'email',
          'phone',
          'points',
          'hours',
          'graduation_year',
          'academic_level',
          'major',
          'organizations',
          'registration_date',
          'admin',
        ],
        sql: `SELECT u.id::text, u.first_name, u.last_name, u.email, u.phone, u.points,
                     round(u.points / 60.0, 1)::text AS hours, u.graduation_year, u.academic_level,
                     u.major,
                     (SELECT string_agg(o.name, '; ' ORDER BY o.name) FROM memberships m
                        JOIN organizations o ON o.id = m.organization_id AND NOT o.deleted
                       WHERE m.user_id = u.id) AS organizations,
                     to_char(u.registration_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                       AS registration_date,
                     u.admin
                FROM users u
               ORDER BY u.last_name NULLS LAST, u.first_name NULLS LAST, u.id`,
        params: [],
      };
    case 'opportunities':
      return {
        columns: [
          'id',
          'name',
          'nonprofit',
          'organization',
          'date',
          'time',
          'duration_minutes',
          'total_slots',
          'registered',
          'attended',
          'approved',
          'attendance_marked',
          'address',
          'causes',
          'tags',
        ],
        sql: `SELECT op.id::text, op.name, op.nonprofit, org.name AS organization, op.date::text,
                     op.time, op.duration_minutes, op.total_slots,
                     op.registered_count AS registered,
                     (SELECT count(*)::int FROM signups s
                       WHERE s.opportunity_id = op.id AND s.attended) AS attended,
                     op.approved, op.attendance_marked, op.address,
                     array_to_string(op.causes, '; ') AS causes,
                     array_to_string(op.tags, '; ') AS tags
                FROM opportunities op
                LEFT JOIN organizations org ON org.id = op.host_org_id
               WHERE NOT op.deleted
               ORDER BY op.date, op.time, op.name, op.id`,
        params: [],
      };
    case 'service-data':
      // One row per attended participation, from the point ledger: the minutes credited.
      return {
        columns: ['student_name', 'email', 'opportunity', 'organization', 'date', 'minutes'],
        sql: `SELECT concat_ws(' ', u.first_name, u.last_name) AS student_name, u.email,
                     op.name AS opportunity, COALESCE(org.name, op.nonprofit) AS organization,
                     l.opportunity_date::text AS date, l.points AS minutes
                FROM point_ledger l
                JOIN users u ON u.id = l.user_id
                LEFT JOIN opportunities op ON op.id = l.opportunity_id
                LEFT JOIN organizations org ON org.id = op.host_org_id
               WHERE l.reason = 'attendance'
                 AND l.opportunity_date BETWEEN $1::date AND $2::date
               ORDER BY l.opportunity_date, op.name, u.last_name, u.first_name, l.id`,
        params: [request.start, request.end],
      };
    case 'impact': {
      // The dashboard's own rows, k-anonymity included: a CSV shows nothing the page does not.
      return {
        columns: impactCsvColumns(request.table),
        rows: async (client) => impactCsvRows(await readImpact(client, request), request.table),
      };
    }
    default: {
      const never: never = request;
      throw new Error(`Unknown report ${JSON.stringify(never)}`);
    }
  }
};
