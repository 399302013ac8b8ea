import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import type { CreditUsage } from '@shared/schemas';
import { formatShortDay } from '../../lib/dates';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chart: { width: '100%', overflowX: 'auto' },
});

/** Credits used per day of the current period (Fluent's own charts), with the period's totals in words. */
export function UsageChart({ usage, width = 720 }: { usage: CreditUsage; width?: number }) {
  const styles = useStyles();
  const data: VerticalBarChartDataPoint[] = usage.days.map((d) => ({
    x: formatShortDay(d.date),
    y: d.used,
    legend: 'Credits used',
    color: tokens.colorBrandBackground,
    xAxisCalloutData: formatShortDay(d.date),
    yAxisCalloutData: `${d.used} credit${d.used === 1 ? '' : 's'}`,
  }));
  const left = Math.max(usage.balance, 0);
  return (
    <figure className={styles.root} aria-label="Credits used per day this period" style={{ margin: 0 }}>
      <div className={styles.chart} data-testid="usage-chart">
        <VerticalBarChart
          data={data}
          width={width}
          height={260}
          hideLegend
          barWidth="auto"
          yAxisTickCount={4}
          chartTitle="Credits used per day this period"
        />
      </div>
      <figcaption>
        <Body1 data-testid="usage-totals">
          {usage.used} of {usage.allowance} credits used this period · {left} left
        </Body1>
      </figcaption>
    </figure>
  );
}
