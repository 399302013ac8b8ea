import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge, Body1, Button, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { planById } from '@shared/constants';
import { ACCOUNT_MESSAGES as A, PORTAL_MESSAGES as M } from '@shared/messages';
import { useSignedInUser } from '../../auth/AuthProvider';
import { creditUsageQuery } from '@shared/api/queries/account';
import { subscriptionQuery } from '@shared/api/queries/subscription';
import { useBalance } from '../../core/balance';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { RouterLink } from '../../components/RouterLink';
import { errorText } from '../../lib/errors';
import { formatDate } from '../../lib/dates';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  balance: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

/** The plan with its credits: balance, allowance, the reset date, and the way to billing. */
export function PlanCard() {
  const styles = useStyles();
  const user = useSignedInUser();
  const { email } = user;
  const { api, config } = useServices();
  const notify = useNotify();
  const usage = useQuery(creditUsageQuery(api, user.uid));
  const balance = useBalance({ enabled: usage.isSuccess });
  const sync = useQuery(subscriptionQuery(api, user));
  const billing = useMutation({
    mutationFn: () => api.createCheckout({ email }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notify({ title: M.checkoutFailed, body: errorText(err), intent: 'error' }),
  });

  const header = <CardHeader header={<Subtitle2 as="h2">Plan and credits</Subtitle2>} />;
  if (usage.isPending || sync.isPending) {
    return (
      <Card>
        {header}
        <CenteredSpinner label="Loading your plan..." />
      </Card>
    );
  }
  if (usage.isError || sync.isError) {
    const error = usage.error ?? sync.error;
    return (
      <Card>
        {header}
        <ErrorBar
          title={usage.isError ? A.usageFailed : M.syncFailed}
          action={<Button onClick={() => void Promise.all([usage.refetch(), sync.refetch()])}>Try again</Button>}
        >
          {errorText(error)}
        </ErrorBar>
      </Card>
    );
  }

  const plan = planById(usage.data.plan);
  const subscribed = sync.data.status === 'active' || Boolean(plan);
  const cancelsOn = sync.data.cancellationDate;
  return (
    <Card>
      {header}
      <div className={styles.body}>
        <div className={styles.row}>
          <Body1>
            <strong>{plan ? `${plan.name} plan` : 'Free plan'}</strong> · {usage.data.allowance.toLocaleString('en-US')} credits a{' '}
            {plan ? 'billing month' : 'month'}
          </Body1>
          {subscribed ? (
            <Badge appearance="tint" color={cancelsOn ? 'warning' : 'success'}>
              {cancelsOn ? 'Cancelling' : 'Active'}
            </Badge>
          ) : null}
        </div>
        <Body1>
          <span className={styles.balance} data-testid="plan-balance">
            {(balance.data ?? usage.data.balance).toLocaleString('en-US')}
          </span>{' '}
          credits left of {usage.data.allowance.toLocaleString('en-US')}
          {usage.data.resetsAt ? ` · they reset on ${formatDate(usage.data.resetsAt)}` : ''}
        </Body1>
        {cancelsOn ? <Body1>Your subscription ends on {formatDate(cancelsOn)}; you then return to the free plan.</Body1> : null}
        <div className={styles.row}>
          {subscribed && config.paymentsEnabled ? (
            <Button appearance="primary" disabled={billing.isPending} onClick={() => billing.mutate()}>
              Manage billing
            </Button>
          ) : null}
          <RouterLink to="/subscription">{subscribed ? 'Change plan' : 'See plans'}</RouterLink>
          <RouterLink to="/usage">See where your credits went</RouterLink>
        </div>
        {!config.paymentsEnabled ? <Body1>{A.paymentsOffReason}</Body1> : null}
      </div>
    </Card>
  );
}
