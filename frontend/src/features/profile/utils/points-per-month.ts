import { monthOf, type PointsHistory } from '@campus/contracts';

export type MonthPoints = { month: string; points: number };

const nextMonth = (month: string): string => {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
};

/**
 * The ledger summed per month the points count on (the opportunity's Eastern date, as the monthly
 * boards count them), from the first such month to the last, months without points at 0.
 */
export const pointsPerMonth = (entries: PointsHistory['entries']): MonthPoints[] => {
  const sums = new Map<string, number>();
  for (const entry of entries) {
    const month = monthOf(entry.opportunity_date);
    sums.set(month, (sums.get(month) ?? 0) + entry.change);
  }
  const months = [...sums.keys()].sort();
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return [];
  const result: MonthPoints[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    result.push({ month, points: sums.get(month) ?? 0 });
  }
  return result;
};
