import { type ImpactDashboard, impactTexts } from '@campus/contracts';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import { formatCount } from '../utils/format';
import { ImpactSection, type CsvScope } from './impact-sections';
import { styles } from './impact-styles';

const t = impactTexts.ui;

/** A figure, or in words that it is withheld (a figure about fewer than 5 people is null). */
const Figure = ({ value }: { value: string | null }) =>
  value === null ? (
    <span className={cx(styles.value, styles.hidden)}>{t.hiddenFigure}</span>
  ) : (
    <span className={styles.value}>{value}</span>
  );

type CardProps = { label: string; value: string | null; children?: ReactNode };

const Card = ({ label, value, children }: CardProps) => (
  <div className={styles.card}>
    <dt>{label}</dt>
    <dd>
      <Figure value={value} />
      {children}
    </dd>
  </div>
);

const countOf = (value: number | null) => (value === null ? null : formatCount(value));

/**
 * The totals as cards: service minutes and hours, unique and returning volunteers, the no-show
 * rate with its counts, and the attendances it is taken over.
 */
export const ImpactTotals = ({ data, csv }: { data: ImpactDashboard; csv: CsvScope }) => {
  const { totals, no_show: noShow } = data;
  return (
    <ImpactSection table="summary" heading={t.totals.label} csv={csv}>
      <dl className={styles.cards}>
        <Card label={t.totals.minutes} value={countOf(totals.minutes)} />
        <Card
          label={t.totals.hours}
          value={totals.minutes === null ? null : t.totals.hoursValue(totals.minutes)}
        />
        <Card label={t.totals.volunteers} value={countOf(totals.volunteers)} />
        <Card label={t.totals.returning} value={countOf(totals.returning_volunteers)}>
          <span className={styles.cardNote}>{t.totals.returningHint}</span>
        </Card>
        <Card
          label={t.totals.noShowRate}
          value={noShow.rate === null ? null : t.totals.noShowValue(noShow.rate)}
        >
          {noShow.no_shows !== null && noShow.registered !== null ? (
            <span>{t.totals.noShowCounts(noShow.no_shows, noShow.registered)}</span>
          ) : null}
          <span className={styles.cardNote}>{t.totals.noShowHint}</span>
        </Card>
        <Card label={t.totals.attendances} value={formatCount(noShow.attendances)} />
      </dl>
    </ImpactSection>
  );
};
