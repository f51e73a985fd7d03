import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ServiceHoursRow } from '../utils/service-hours';
import { formatMonth } from '../utils/service-hours';

type ServiceHoursChartProps = {
  months: readonly ServiceHoursRow[];
  types: readonly string[];
  /** The chart's text alternative. */
  label: string;
};

// Distinct, token-based hues; types beyond them repeat the palette.
const COLORS = [
  'var(--color-primary-600)',
  'var(--color-accent-400)',
  'var(--color-info-700)',
  'var(--color-danger-700)',
  'var(--color-success-700)',
  'var(--color-warning-700)',
  'var(--color-primary-200)',
  'var(--color-text-muted)',
];
const GRID = 'var(--color-border)';
const MUTED = 'var(--color-text-muted)';

/** Service hours per month, stacked by organization type (recharts; loaded on demand). */
export const ServiceHoursChart = ({ months, types, label }: ServiceHoursChartProps) => (
  <div role="img" aria-label={label}>
    <BarChart
      responsive
      data={months.map((m) => ({ ...m, month: formatMonth(m.month) }))}
      style={{ width: '100%', height: 260 }}
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
      <YAxis tickLine={false} axisLine={false} tick={{ fill: MUTED, fontSize: 12 }} />
      <Tooltip cursor={{ fill: 'var(--color-primary-50)' }} isAnimationActive={false} />
      <Legend
        wrapperStyle={{ fontSize: 12 }}
        // The series' colors mark the swatches; the names stay readable in the text color.
        formatter={(value: string) => <span style={{ color: 'var(--color-text)' }}>{value}</span>}
      />
      {types.map((type, index) => (
        <Bar
          key={type}
          isAnimationActive={false}
          dataKey={type}
          stackId="hours"
          fill={COLORS[index % COLORS.length]}
          maxBarSize={48}
        />
      ))}
    </BarChart>
  </div>
);
