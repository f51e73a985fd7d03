import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { texts } from '@campus/contracts';
import type { MonthPoints } from '../utils/points-per-month';
import { formatShortMonth } from '../utils/format';

type PointsChartProps = {
  months: readonly MonthPoints[];
  /** The chart's text alternative (every month and its points). */
  label: string;
};

const PRIMARY = 'var(--color-primary-600)';
const GRID = 'var(--color-border)';
const MUTED = 'var(--color-text-muted)';

/** A small bar chart of points per month (recharts; loaded on demand). */
export const PointsChart = ({ months, label }: PointsChartProps) => (
  <div role="img" aria-label={label}>
    <BarChart
      responsive
      data={months.map((m) => ({ month: formatShortMonth(m.month), points: m.points }))}
      style={{ width: '100%', height: 200 }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis
        dataKey="month"
        tickLine={false}
        axisLine={false}
        tick={{ fill: MUTED, fontSize: 12 }}
      />
      <YAxis
        allowDecimals={false}
        tickLine={false}
        axisLine={false}
        tick={{ fill: MUTED, fontSize: 12 }}
      />
      <Tooltip cursor={{ fill: 'var(--color-primary-50)' }} isAnimationActive={false} />
      <Bar
        isAnimationActive={false}
        dataKey="points"
        name={texts.profile.stats.points}
        fill={PRIMARY}
        radius={[6, 6, 0, 0]}
        maxBarSize={48}
      />
    </BarChart>
  </div>
);
