import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

/** One bar of a chart: a row's name, its service hours and its volunteers. */
export type ImpactChartDatum = { name: string; hours: number; volunteers: number };

type ImpactChartProps = {
  data: readonly ImpactChartDatum[];
  /** The chart's name for assistive technology (the table beside it holds the figures). */
  label: string;
  /** The series' names in the legend and tooltip. */
  hoursName: string;
  volunteersName: string;
  /** Joins the volunteers' points with a line (months follow each other; categories do not). */
  connected?: boolean;
};

const HOURS = 'var(--color-primary-600)';
const VOLUNTEERS = 'var(--color-accent-600)';
const GRID = 'var(--color-border)';
const MUTED = 'var(--color-text-muted)';
/** Longer names are cut on the axis; the tooltip and the table have them whole. */
const TICK_CHARACTERS = 14;

const tickText = (name: string) =>
  name.length > TICK_CHARACTERS ? `${name.slice(0, TICK_CHARACTERS - 1)}…` : name;

/**
 * Service hours as bars (left axis) and volunteers as round markers (right axis): told apart by
 * shape and by the legend's names, not by colour alone (recharts; loaded on demand).
 */
export const ImpactChart = ({
  data,
  label,
  hoursName,
  volunteersName,
  connected = false,
}: ImpactChartProps) => (
  <div role="img" aria-label={label}>
    <ComposedChart
      responsive
      data={[...data]}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: -8, bottom: 0, left: -16 }}
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis
        dataKey="name"
        tickLine={false}
        axisLine={false}
        tick={{ fill: MUTED, fontSize: 12 }}
        tickFormatter={tickText}
      />
      <YAxis
        yAxisId="hours"
        tickLine={false}
        axisLine={false}
        tick={{ fill: MUTED, fontSize: 12 }}
      />
      <YAxis
        yAxisId="volunteers"
        orientation="right"
        allowDecimals={false}
        tickLine={false}
        axisLine={false}
        tick={{ fill: MUTED, fontSize: 12 }}
      />
      <Tooltip cursor={{ fill: 'var(--color-primary-50)' }} isAnimationActive={false} />
      <Legend
        wrapperStyle={{ fontSize: 12 }}
        // The series' colours mark the swatches; the names stay readable in the text colour.
        formatter={(value: string) => <span style={{ color: 'var(--color-text)' }}>{value}</span>}
      />
      <Bar
        yAxisId="hours"
        dataKey="hours"
        name={hoursName}
        fill={HOURS}
        radius={[6, 6, 0, 0]}
        maxBarSize={48}
        legendType="square"
        isAnimationActive={false}
      />
      <Line
        yAxisId="volunteers"
        dataKey="volunteers"
        name={volunteersName}
        // The legend takes its swatch from the stroke, so it keeps the colour when no line is drawn.
        stroke={VOLUNTEERS}
        strokeWidth={connected ? 2 : 0}
        dot={{ r: 5, fill: VOLUNTEERS, stroke: 'var(--color-surface)', strokeWidth: 2 }}
        activeDot={{ r: 6 }}
        legendType="circle"
        isAnimationActive={false}
      />
    </ComposedChart>
  </div>
);
