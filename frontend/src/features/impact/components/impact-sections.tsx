import {
  texts,
  type ImpactBreakdown,
  type ImpactDashboard,
  type ImpactOpportunity,
  type ImpactRow,
  type ImpactTable,
  impactTexts,
} from '@campus/contracts';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import type { ImpactCsvRequest } from '../api/impact-csv';
import { formatCalendarDate, formatCount, formatHours, hoursOf } from '../utils/format';
import { CsvButton } from './csv-button';
import type { ImpactChartDatum } from './impact-chart';
import { styles } from './impact-styles';

const t = impactTexts.ui;

// The charting library loads only when there is something to draw.
const ImpactChart = lazy(() =>
  import('./impact-chart').then((module) => ({ default: module.ImpactChart })),
);

/** What every table's CSV asks for besides its table: the answer's range, day and organization. */
export type CsvScope = Omit<ImpactCsvRequest, 'table'>;

/** The CSV scope of the answer on screen. */
export const csvScopeOf = (data: ImpactDashboard): CsvScope => ({
  from: data.from,
  to: data.to,
  as_of: data.as_of,
  organization_id: data.organization?.id ?? null,
});

type SectionProps = {
  table: ImpactTable;
  heading: string;
  csv: CsvScope;
  children: ReactNode;
};

/** A dashboard section: its heading with the table's CSV button, then its content. */
export const ImpactSection = ({ table, heading, csv, children }: SectionProps) => {
  const titleId = `impact-${table}-title`;
  return (
    <section className={cx(styles.section, styles.tight)} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {heading}
        </h2>
        <CsvButton heading={heading} request={{ ...csv, table }} />
      </div>
      {children}
    </section>
  );
};

type ChartAndTableProps = {
  heading: string;
  data: readonly ImpactChartDatum[];
  /** Names of the chart's series (the table's own column headings). */
  hoursName: string;
  volunteersName: string;
  connected?: boolean;
  /** The table (its rows hold the chart's figures). */
  children: ReactNode;
};

/** A chart and, beside it, the table with the same figures in a scrolling, named region. */
const ChartAndTable = ({
  heading,
  data,
  hoursName,
  volunteersName,
  connected,
  children,
}: ChartAndTableProps) => (
  <div className={styles.split}>
    <div className={styles.chart}>
      <Suspense fallback={<Spinner label={texts.common.loading} />}>
        <ImpactChart
          data={data}
          label={t.chartLabel(heading)}
          hoursName={hoursName}
          volunteersName={volunteersName}
          connected={connected}
        />
      </Suspense>
    </div>
    <ScrollTable label={texts.common.scrollableTable(t.tableCaption(heading))}>
      {children}
    </ScrollTable>
  </div>
);

type BreakdownTexts = {
  heading: string;
  first: string;
  minutes: string;
  hours: string;
  volunteers: string;
};

const rowKey = (row: ImpactRow) => `${row.kind}:${row.key ?? ''}`;

type BreakdownSectionProps = {
  table: Exclude<ImpactTable, 'summary' | 'opportunities'>;
  words: BreakdownTexts;
  breakdown: ImpactBreakdown;
  csv: CsvScope;
  /** A note under the table (how the rows count). */
  note?: string;
  /** The rows follow each other in time (the months). */
  connected?: boolean;
};

/**
 * One breakdown (months, causes, organizations, academic levels): a chart and its table. Rows that
 * are not one group ('No platform organization', 'Smaller groups combined') carry the server's
 * label and are set in italics; service whose groups stay under 5 people even merged is left out,
 * which a note says.
 */
export const BreakdownSection = ({
  table,
  words,
  breakdown,
  csv,
  note,
  connected,
}: BreakdownSectionProps) => (
  <ImpactSection table={table} heading={words.heading} csv={csv}>
    {breakdown.rows.length === 0 ? (
      <p className={styles.muted}>{t.emptyTable}</p>
    ) : (
      <ChartAndTable
        heading={words.heading}
        data={breakdown.rows.map((row) => ({
          name: row.label,
          hours: hoursOf(row.minutes),
          volunteers: row.volunteers,
        }))}
        hoursName={words.hours}
        volunteersName={words.volunteers}
        connected={connected}
      >
        <table className={cx(styles.table, styles.figures)}>
          <caption className={styles.caption}>{t.tableCaption(words.heading)}</caption>
          <thead>
            <tr>
              <th scope="col">{words.first}</th>
              <th scope="col" className={styles.number}>
                {words.minutes}
              </th>
              <th scope="col" className={styles.number}>
                {words.hours}
              </th>
              <th scope="col" className={styles.number}>
                {words.volunteers}
              </th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => (
              <tr key={rowKey(row)} className={row.kind === 'group' ? undefined : styles.otherRow}>
                <th scope="row">{row.label}</th>
                <td className={styles.number}>{formatCount(row.minutes)}</td>
                <td className={styles.number}>{formatHours(row.minutes)}</td>
                <td className={styles.number}>{formatCount(row.volunteers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartAndTable>
    )}
    {breakdown.hidden ? <p className={styles.note}>{t.hiddenRows}</p> : null}
    {note ? <p className={styles.note}>{note}</p> : null}
  </ImpactSection>
);

const top = t.tables.topOpportunities;

/** The opportunities with the most service minutes (each with at least 5 volunteers). */
export const TopOpportunitiesSection = ({
  rows,
  csv,
}: {
  rows: readonly ImpactOpportunity[];
  csv: CsvScope;
}) => (
  <ImpactSection table="opportunities" heading={top.heading} csv={csv}>
    {rows.length === 0 ? (
      <p className={styles.muted}>{t.emptyTable}</p>
    ) : (
      <ChartAndTable
        heading={top.heading}
        data={rows.map((row) => ({
          name: row.name,
          hours: hoursOf(row.minutes),
          volunteers: row.volunteers,
        }))}
        hoursName={top.hours}
        volunteersName={top.volunteers}
      >
        <table className={cx(styles.table, styles.figures)}>
          <caption className={styles.caption}>{t.tableCaption(top.heading)}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.number}>
                {top.rank}
              </th>
              <th scope="col">{top.first}</th>
              <th scope="col">{top.organization}</th>
              <th scope="col">{top.date}</th>
              <th scope="col" className={styles.number}>
                {top.minutes}
              </th>
              <th scope="col" className={styles.number}>
                {top.hours}
              </th>
              <th scope="col" className={styles.number}>
                {top.volunteers}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={styles.number}>{row.rank}</td>
                <th scope="row">
                  <Link to={paths.opportunity.getHref(row.id)}>{row.name}</Link>
                </th>
                <td>{row.organization_name ?? impactTexts.rows.noOrganization}</td>
                <td>{formatCalendarDate(row.date)}</td>
                <td className={styles.number}>{formatCount(row.minutes)}</td>
                <td className={styles.number}>{formatHours(row.minutes)}</td>
                <td className={styles.number}>{formatCount(row.volunteers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartAndTable>
    )}
    <p className={styles.note}>{t.topNote}</p>
  </ImpactSection>
);
