import type { ServiceHours } from '@campus/contracts';

export type ServiceHoursRow = { month: string } & Record<string, number | string>;

/** Hours per month with one key per organization type (the chart's stacked bars). */
export const hoursByMonth = (
  rows: ServiceHours['rows'],
  noOrganization: string,
): { months: ServiceHoursRow[]; types: string[] } => {
  const types = [...new Set(rows.map((r) => r.organization_type ?? noOrganization))].sort();
  const byMonth = new Map<string, ServiceHoursRow>();
  for (const row of rows) {
    const entry = byMonth.get(row.month) ?? { month: row.month };
    const type = row.organization_type ?? noOrganization;
    entry[type] = Math.round(((Number(entry[type] ?? 0) || 0) + row.hours) * 100) / 100;
    byMonth.set(row.month, entry);
  }
  const months = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
  return { months, types };
};

/** Total hours per organization type, most first. */
export const hoursByType = (
  rows: ServiceHours['rows'],
  noOrganization: string,
): { type: string; hours: number }[] => {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const type = row.organization_type ?? noOrganization;
    totals.set(type, (totals.get(type) ?? 0) + row.hours);
  }
  return [...totals]
    .map(([type, hours]) => ({ type, hours: Math.round(hours * 100) / 100 }))
    .sort((a, b) => b.hours - a.hours || a.type.localeCompare(b.type));
};

/** '2026-03' -> 'Mar 2026' */
export const formatMonth = (month: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
