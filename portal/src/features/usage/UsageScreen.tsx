import { POOL_TEXT } from '@shared/team-pool';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ACCOUNT_MESSAGES as A } from '@shared/messages';
import { planById } from '@shared/constants';
import { creditHistoryQuery, creditUsageQuery } from '@shared/api/queries/account';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useBalance } from '../../core/balance';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { errorText } from '../../lib/errors';
import { UsageChart } from './UsageChart';
import { formatDate, formatDateTime } from '../../lib/dates';
import { purposeLabel, reasonLabel, signed } from './usage-format';

const PAGE_SIZE = 25;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

/** Where the credits went (docs/product.md#usage): the period at a glance, a chart per day, and every ledger row. */
export function UsageScreen() {
  const styles = useStyles();
  const { api } = useServices();
  const { uid } = useSignedInUser();
  const usage = useQuery(creditUsageQuery(api, uid));
  const balance = useBalance({ enabled: usage.isSuccess });
  const history = useInfiniteQuery(creditHistoryQuery(api, uid, PAGE_SIZE));
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const planName = usage.data ? (planById(usage.data.plan)?.name ?? 'Free') : '';

  return (
    <div className={styles.stack}>
      <PageHeader title="Credit usage" subtitle="Where your credits went, this period and before." />
      <Card>
        <CardHeader header={<Subtitle2 as="h2">This period</Subtitle2>} />
        {usage.isPending ? (
          <CenteredSpinner label="Loading your usage..." />
        ) : usage.isError ? (
          <ErrorBar title={A.usageFailed} action={<Button onClick={() => void usage.refetch()}>Try again</Button>}>
            {errorText(usage.error)}
          </ErrorBar>
        ) : (
          <>
            <Body1 as="p">
              {planName} plan: {usage.data.allowance} credits a period. Period started {formatDate(usage.data.periodStart)}
              {usage.data.resetsAt ? `; credits reset on ${formatDate(usage.data.resetsAt)}` : ''}.{' '}
              <RouterLink to="/subscription">See plans</RouterLink>
            </Body1>
            <UsageChart usage={{ ...usage.data, balance: balance.data ?? usage.data.balance }} />
          </>
        )}
      </Card>
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Credit history</Subtitle2>} />
        {history.isPending ? (
          <CenteredSpinner label="Loading your credit history..." />
        ) : history.isError ? (
          <ErrorBar title={A.usageFailed} action={<Button onClick={() => void history.refetch()}>Try again</Button>}>
            {errorText(history.error)}
          </ErrorBar>
        ) : (
          <>
            <Table aria-label="Credit history" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>When</TableHeaderCell>
                  <TableHeaderCell>What</TableHeaderCell>
                  <TableHeaderCell>For</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>Credits</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>Balance</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{formatDateTime(e.at)}</TableCell>
                    <TableCell>{reasonLabel(e)}</TableCell>
                    <TableCell>{purposeLabel(e)}</TableCell>
                    <TableCell className={styles.number}>{signed(e.delta)}</TableCell>
                    <TableCell className={styles.number}>{e.teamPool ? `${POOL_TEXT.label}: ${e.balanceAfter}` : e.balanceAfter}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <LoadMoreFooter query={history} label="Show older entries" errorTitle={A.usageFailed} />
          </>
        )}
      </Card>
    </div>
  );
}
