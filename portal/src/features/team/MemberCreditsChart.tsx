import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { TeamReport } from '@shared/schemas';

const useStyles = makeStyles({ chart: { width: '100%', overflowX: 'auto' } });

/** The month's credits used per member, as bars (Fluent's own charts); the table below has the figures. */
export function MemberCreditsChart({ report, width = 720 }: { report: TeamReport; width?: number }) {
  const styles = useStyles();
  const title = `Credits used per member in ${report.month}`;
  const data: VerticalBarChartDataPoint[] = report.rows.map((r) => ({
    x: r.name,
    y: r.creditsUsed,
    legend: 'Credits used',
    color: tokens.colorBrandBackground,
    xAxisCalloutData: r.name,
    yAxisCalloutData: `${r.creditsUsed} credit${r.creditsUsed === 1 ? '' : 's'}`,
  }));
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <div className={styles.chart} data-testid="member-credits-chart">
        <VerticalBarChart data={data} width={width} height={220} hideLegend barWidth="auto" yAxisTickCount={4} chartTitle={title} />
      </div>
    </figure>
  );
}
