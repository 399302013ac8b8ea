import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Body1, Button, Card, CardHeader, Field, Input, Select, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { planById, PLANS, type PlanId } from '@shared/constants';
import { teamSeatsSchema, type TeamBilling } from '@shared/schemas';
import { TEAM_FAILURES as F, TEAM_BILLING_MESSAGES as B, TEAM_SEATS } from '@shared/teams';
import { teamBillingQuery } from '@shared/api/queries/team';
import { useSignedInUser } from '../../auth/AuthProvider';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { useServices } from '../../core/services';
import { errorText } from '../../lib/errors';
import { useTeamAction } from './use-team-action';

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  seats: { width: '120px' },
});

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The seats typed, checked with the server's own schema: its message when not a whole number in range. */
function seatsOf(text: string): { seats?: number; error?: string } {
  const parsed = teamSeatsSchema.safeParse(text.trim() === '' ? NaN : Number(text));
  return parsed.success ? { seats: parsed.data } : { error: B.seatsInvalid };
}

function SeatsField({
  value,
  onChange,
  error,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  placeholder: string;
}) {
  const styles = useStyles();
  return (
    <Field label={B.seatsLabel} validationMessage={error} className={styles.seats}>
      <Input
        type="number"
        min={TEAM_SEATS.min}
        max={TEAM_SEATS.max}
        step={1}
        value={value}
        placeholder={placeholder}
        onChange={(_e, d) => onChange(d.value)}
      />
    </Field>
  );
}

function Facts({ billing }: { billing: TeamBilling }) {
  const styles = useStyles();
  const plan = planById(billing.plan);
  const rows: [string, string][] = [
    [B.planLabel, plan ? plan.name : '—'],
    [B.seatsLabel, String(billing.seats ?? '—')],
    [B.poolLabel, billing.credits.toLocaleString()],
    [B.statusLabel, billing.status ?? '—'],
    ...(billing.monthlyCredits !== null
      ? [[B.perPeriodLabel, `${billing.monthlyCredits.toLocaleString()} credits`] as [string, string]]
      : []),
    ...(billing.cancelAt
      ? [[B.cancelsLabel, dateOf(billing.cancelAt)] as [string, string]]
      : billing.periodEnd
        ? [[B.renewsLabel, dateOf(billing.periodEnd)] as [string, string]]
        : []),
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
    </dl>
  );
}

/** The owner's team plan (docs/product.md#team-plan-and-seats): start it with Checkout, change seats, open the billing portal. */
export function TeamBillingCard() {
  const styles = useStyles();
  const { api } = useServices();
  const notify = useNotify();
  const query = useQuery(teamBillingQuery(api, useSignedInUser().uid));
  const [plan, setPlan] = useState<PlanId>('professional');
  const [seatsText, setSeatsText] = useState('');
  const [error, setError] = useState<string>();
  // Checkout and the portal are Stripe's pages: the browser goes there.
  const redirect = (failure: string) => ({
    onSuccess: ({ url }: { url: string }) => window.location.assign(url),
    onError: (err: unknown) => notify({ title: failure, body: errorText(err), intent: 'error' }),
  });
  const checkout = useMutation({ mutationFn: (a: { plan: PlanId; seats: number }) => api.startTeamCheckout(a), ...redirect(F.checkout) });
  const portal = useMutation({ mutationFn: () => api.openTeamBillingPortal(), ...redirect(F.billingPortal) });
  const seats = useTeamAction((n: number) => api.setTeamSeats({ seats: n }), B.seatsChanged, F.seats);

  const submit = (run: (n: number) => void) => (e: FormEvent) => {
    e.preventDefault();
    const { seats: n, error: invalid } = seatsOf(seatsText);
    setError(invalid);
    if (n !== undefined) run(n);
  };

  const billing = query.data;
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">{B.cardTitle}</Subtitle2>} />
      {query.isPending ? (
        <Spinner size="tiny" />
      ) : query.isError ? (
        <ErrorBar title={F.loadPlan} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
          {errorText(query.error)}
        </ErrorBar>
      ) : billing && billing.plan === null ? (
        <>
          <Body1>{B.noPlanYet}</Body1>
          <form className={styles.form} noValidate onSubmit={submit((n) => checkout.mutate({ plan, seats: n }))}>
            <Field label={B.planLabel}>
              <Select value={plan} onChange={(_e, d) => setPlan(d.value as PlanId)}>
                {PLANS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {`${p.name}: ${p.credits.toLocaleString()} credits per seat, $${p.priceUsd} per seat per month`}
                  </option>
                ))}
              </Select>
            </Field>
            <SeatsField value={seatsText} onChange={setSeatsText} error={error} placeholder="5" />
            <Button type="submit" appearance="primary" disabled={checkout.isPending}>
              {B.checkout}
            </Button>
          </form>
        </>
      ) : billing ? (
        <>
          <Facts billing={billing} />
          <form className={styles.form} noValidate onSubmit={submit((n) => seats.mutate(n, { onSuccess: () => setSeatsText('') }))}>
            <SeatsField value={seatsText} onChange={setSeatsText} error={error} placeholder={String(billing.seats ?? '')} />
            <Button type="submit" disabled={seats.isPending}>
              {B.changeSeats}
            </Button>
            <Button appearance="primary" onClick={() => portal.mutate()} disabled={portal.isPending}>
              {B.manage}
            </Button>
          </form>
        </>
      ) : null}
    </Card>
  );
}
