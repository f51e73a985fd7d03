import { texts, adminTexts } from '@campus/contracts';
import { Suspense, lazy, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { useServiceHours } from '../api/get-service-hours';
import { formatMonth, hoursByMonth, hoursByType } from '../utils/service-hours';
import { styles } from './admin-styles';

const t = adminTexts.chart;

// The charting library loads only when there are hours to draw.
const ServiceHoursChart = lazy(() =>
  import('./service-hours-chart').then((module) => ({ default: module.ServiceHoursChart })),
);

/** Service hours per month and per organization type: a stacked bar chart and the totals. */
export const ServiceHoursSection = () => {
  const hours = useServiceHours();
  const rows = hours.data?.rows;
  const pivot = useMemo(() => hoursByMonth(rows ?? [], t.noOrganization), [rows]);
  const totals = useMemo(() => hoursByType(rows ?? [], t.noOrganization), [rows]);

  return (
    <section className={styles.section} aria-labelledby="admin-hours-title">
      <h2 id="admin-hours-title" className={styles.sectionTitle}>
        {t.title}
      </h2>
      {hours.isPending ? (
        <Spinner label={texts.common.loading} />
      ) : hours.isError ? (
        <Alert>{t.loadFailed}</Alert>
      ) : pivot.months.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <>
          <figure className={styles.chart}>
            <figcaption className={styles.chartTitle}>{t.perMonth}</figcaption>
            <Suspense fallback={<Spinner label={texts.common.loading} />}>
              <ServiceHoursChart
                months={pivot.months}
                types={pivot.types}
                label={t.label(
                  pivot.months
                    .map(
                      (m) =>
                        `${formatMonth(m.month)}: ${pivot.types
                          .filter((type) => m[type] !== undefined)
                          .map((type) => `${type} ${String(m[type])}`)
                          .join(', ')}`,
                    )
                    .join('; '),
                )}
              />
            </Suspense>
          </figure>
          <ScrollTable label={t.perType}>
            <table className={styles.textTable} aria-label={t.perType}>
              <thead>
                <tr>
                  <th scope="col">{t.perType}</th>
                  <th scope="col">{t.hours}</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((row) => (
                  <tr key={row.type}>
                    <td>{row.type}</td>
                    <td>{row.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
    </section>
  );
};
