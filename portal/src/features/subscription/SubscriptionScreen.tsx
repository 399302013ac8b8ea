import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Subtitle1,
  Title3,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Checkmark16Regular } from '@fluentui/react-icons';
import {
  FREE_MONTHLY_CREDITS,
  PLAN_FEATURES,
  planForPrice,
  PLANS,
  PRIORITY_SUPPORT_FEATURE,
  RESYNC_DELAY_MS,
  type Plan,
} from '@shared/constants';
import { ACCOUNT_MESSAGES as A, MESSAGES, PORTAL_MESSAGES as M } from '@shared/messages';
import { useSignedInUser } from '../../auth/AuthProvider';
import { creditUsageQuery } from '@shared/api/queries/account';
import { queryKeys } from '@shared/api/queries/keys';
import { subscriptionQuery } from '@shared/api/queries/subscription';
import { useBalance } from '../../core/balance';
import { useServices } from '../../core/services';
import { useUserRecord } from '../../core/user-record';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { RouterLink } from '../../components/RouterLink';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { errorText } from '../../lib/errors';
import { formatDate, formatUnixDate } from '../../lib/dates';
import { isSubscribed } from './subscription-state';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  banner: { backgroundColor: tokens.colorBrandBackground2 },
  bannerRow: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' },
  popular: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  price: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  features: { listStyleType: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  feature: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalS, minHeight: '24px' },
  footer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, textAlign: 'center' },
});

const PAYMENTS_OFF_ID = 'plans-payments-off';

export function SubscriptionScreen() {
  const styles = useStyles();
  const user = useSignedInUser();
  const { email, uid } = user;
  const { api, config } = useServices();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const record = useUserRecord();

  // Re-synced from Stripe on mount, on window focus and 2 s after a checkout attempt (docs/product.md#plans-and-subscription).
  const sync = useQuery({ ...subscriptionQuery(api, user), refetchOnMount: 'always' });
  const { refetch } = sync;
  const resync = useCallback(() => {
    void refetch().then(() => {
      // A plan change sets the balance: the record's plan, the balance and the period all change.
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance(uid) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.record(uid) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.creditUsage(uid) });
    });
  }, [refetch, queryClient, uid]);
  useEffect(() => {
    window.addEventListener('focus', resync);
    return () => window.removeEventListener('focus', resync);
  }, [resync]);
  // Balance and reset date (docs/product.md#plans-and-subscription); the page works without them if they cannot be read.
  const usage = useQuery(creditUsageQuery(api, uid));
  const balance = useBalance({ enabled: usage.isSuccess });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const checkout = useMutation({
    mutationFn: (priceId?: string) => api.createCheckout(priceId ? { email, priceId } : { email }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notify({ title: M.checkoutFailed, body: errorText(err), intent: 'error' }),
    onSettled: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(resync, RESYNC_DELAY_MS);
    },
  });

  if (sync.isPending || record.isPending) return <CenteredSpinner label="Loading your plan..." />;

  const status = sync.data;
  const subscribed = isSubscribed(status) || (!status && record.data?.subscriptionStatus === 'active');
  const current =
    planForPrice(status?.priceId, config.planPrices) ?? (subscribed ? PLANS.find((p) => p.id === record.data?.plan) : undefined);

  const balanceLine = usage.data ? (
    <Body1 as="p" data-testid="plans-balance">
      {(balance.data ?? usage.data.balance).toLocaleString('en-US')} of {usage.data.allowance.toLocaleString('en-US')} credits left
      {usage.data.resetsAt ? ` · they reset on ${formatDate(usage.data.resetsAt)}` : ''} ·{' '}
      <RouterLink to="/usage">See where they went</RouterLink>
    </Body1>
  ) : null;

  const choose = (plan: Plan) => {
    const priceId = config.planPrices[plan.id];
    if (config.paymentsEnabled && !priceId) {
      notify({ title: M.checkoutFailed, body: `The ${plan.name} plan has no price configured on this server.`, intent: 'error' });
      return;
    }
    checkout.mutate(priceId ?? plan.id);
  };

  return (
    <div className={styles.stack}>
      {subscribed ? (
        <PageHeader title="Subscription Plans" subtitle="Upgrade or change your current subscription plan" />
      ) : (
        <PageHeader title="Choose Your Plan" />
      )}

      {!config.paymentsEnabled ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>{MESSAGES.paymentsNotConfigured}</MessageBarTitle>
            <span id={PAYMENTS_OFF_ID}>{A.paymentsOffReason}</span> Your free credits keep working.
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {sync.isError ? <ErrorBar title={M.syncFailed}>{errorText(sync.error)}</ErrorBar> : null}

      {subscribed ? (
        <Card className={styles.banner}>
          <div className={styles.bannerRow}>
            <div>
              <Subtitle1 as="h2">{current ? `${current.name} Plan Active` : 'Active Subscription'}</Subtitle1>
              {current ? (
                <Body1 as="p">
                  {current.credits.toLocaleString('en-US')} credits · ${current.priceUsd}/month
                </Body1>
              ) : null}
              {status?.credit_renewal_date ? <Body1 as="p">Next renewal: {formatUnixDate(status.credit_renewal_date)}</Body1> : null}
              {status?.cancellationDate ? <Body1 as="p">Cancels on: {formatDate(status.cancellationDate)}</Body1> : null}
              {balanceLine}
            </div>
            <Button appearance="primary" disabled={checkout.isPending} onClick={() => checkout.mutate(undefined)}>
              Manage Subscription
            </Button>
          </div>
        </Card>
      ) : (
        <Card>
          <CardHeader
            header={<Subtitle1 as="h2">Free Account</Subtitle1>}
            action={
              <Badge color="success" appearance="filled">
                Your current plan
              </Badge>
            }
          />
          <Body1>
            You receive {FREE_MONTHLY_CREDITS} free credits per month to explore AI-powered icebreakers, LinkedIn DMs and cold-call scripts.
          </Body1>
          {balanceLine}
        </Card>
      )}

      <div className={styles.grid}>
        {PLANS.map((plan) => {
          const isCurrent = subscribed && current?.id === plan.id;
          const features = plan.prioritySupport ? [...PLAN_FEATURES, PRIORITY_SUPPORT_FEATURE] : [...PLAN_FEATURES];
          return (
            <Card key={plan.id} className={mergeClasses(plan.popular && styles.popular)} aria-label={`${plan.name} plan`} role="group">
              <div className={styles.badges}>
                {isCurrent ? (
                  <Badge color="success" appearance="filled">
                    Current Plan
                  </Badge>
                ) : null}
                {plan.popular ? (
                  <Badge color="brand" appearance="filled">
                    Most Popular
                  </Badge>
                ) : null}
              </div>
              <Title3 as="h3">{plan.name}</Title3>
              <div>
                <span className={styles.price}>${plan.priceUsd}</span> <Caption1>/month</Caption1>
              </div>
              <Body1>{plan.credits.toLocaleString('en-US')} credits per month</Body1>
              <ul className={styles.features}>
                {features.map((f) => (
                  <li key={f} className={styles.feature}>
                    <Checkmark16Regular aria-hidden /> <Body1>{f}</Body1>
                  </li>
                ))}
              </ul>
              <Button
                appearance={plan.popular ? 'primary' : 'secondary'}
                // Payments off: disabled up front, with the reason, rather than failing after a click.
                disabled={isCurrent || checkout.isPending || !config.paymentsEnabled}
                onClick={() => choose(plan)}
                aria-label={isCurrent ? `${plan.name}: Current Plan` : `${subscribed ? 'Switch to Plan' : 'Get Started'}: ${plan.name}`}
                aria-describedby={!config.paymentsEnabled && !isCurrent ? PAYMENTS_OFF_ID : undefined}
              >
                {isCurrent ? 'Current Plan' : subscribed ? 'Switch to Plan' : 'Get Started'}
              </Button>
              {isCurrent && config.paymentsEnabled ? <Caption1>Change or cancel it with Manage Subscription.</Caption1> : null}
            </Card>
          );
        })}
      </div>

      <div className={styles.footer}>
        <Body1>{A.moneyBackGuarantee} Cancel or change your plan anytime.</Body1>
        <Caption1>
          One credit is consumed per icebreak, LinkedIn DM or cold-call script per lead. Credits reset at the end of each billing month.
        </Caption1>
      </div>
    </div>
  );
}
