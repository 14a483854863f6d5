import { dayInFigures } from '../../../../shared/dates';
import { ChartFigure } from '../../../lib/charts/ChartFigure';

type Day = { day: string; amountKobo: number; count: number };

/**
 * The daily takings of the last 30 days, drawn by the report pages' ChartFigure (docs/reports.md
 * "Charts"): the same bars, tooltip and figures table as every other chart, in its own chunk,
 * loaded on this dashboard only.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  return (
    <ChartFigure
      title="Daily takings, last 30 days"
      kind="bar"
      data={days.map((d) => ({ day: dayInFigures(d.day), amountKobo: d.amountKobo }))}
      labelKey="day"
      series={[{ key: 'amountKobo', label: 'Takings' }]}
      format="naira"
      height={180}
    />
  );
}
