import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_FEATURES, PLANS, PRIORITY_SUPPORT_FEATURE } from '@shared/constants';
import type { SubscriptionStatus } from '@shared/schemas';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type { PublicConfig } from '@shared/schemas';

const FREE: SubscriptionStatus = { status: null, priceId: null, credit_renewal_date: null, cancellationDate: null };
// 2026-04-15T00:00:00Z
const RENEWAL = Date.UTC(2026, 3, 15, 12) / 1000;

function open(status: SubscriptionStatus | Handler, routes: Record<string, Handler> = {}, config: Partial<PublicConfig> = {}) {
  const sync: Handler = typeof status === 'function' ? status : () => json(status);
  return renderApp({ path: '/subscription', routes: { 'POST /api/subscription/sync': sync, ...routes }, config });
}

const card = (name: string) => screen.getByRole('group', { name: `${name} plan` });

afterEach(() => vi.restoreAllMocks());

describe('subscription page', () => {
  it("free user: 'Choose Your Plan', the Free Account card, three plans with 'Get Started', features and footer", async () => {
    const { fake } = open(FREE);
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free Account' })).toBeInTheDocument();
    expect(screen.getByText(/You receive 20 free credits per month to explore/)).toBeInTheDocument();
    expect(screen.queryByText('Subscription Plans')).toBeNull();
    for (const plan of PLANS) {
      const c = card(plan.name);
      expect(within(c).getByText(`$${plan.priceUsd}`)).toBeInTheDocument();
      expect(within(c).getByText(`${plan.credits.toLocaleString('en-US')} credits per month`)).toBeInTheDocument();
      expect(within(c).getByRole('button', { name: `Get Started: ${plan.name}` })).toBeEnabled();
      for (const f of PLAN_FEATURES) expect(within(c).getByText(f)).toBeInTheDocument();
      expect(within(c).queryByText(PRIORITY_SUPPORT_FEATURE) !== null).toBe(plan.prioritySupport);
      expect(within(c).queryByText('Most Popular') !== null).toBe(plan.id === 'professional');
      expect(within(c).queryByText('Current Plan')).toBeNull();
    }
    expect(screen.getByText(/30-day money-back guarantee/)).toHaveTextContent(ACCOUNT_MESSAGES.moneyBackGuarantee);
    expect(screen.getByText(/Cancel or change your plan anytime/)).toBeInTheDocument();
    expect(screen.getByText(/One credit is consumed per icebreak, LinkedIn DM or cold-call script per lead/)).toBeInTheDocument();
    expect(screen.getByText(/Credits reset at the end of each/)).toBeInTheDocument();
    const sync = fake.requests.find((r) => r.path === '/api/subscription/sync')!;
    expect(sync.method).toBe('POST');
    expect(sync.body).toEqual({ email: 'pat@example.com' });
  });

  it("subscriber: 'Subscription Plans', the '<plan> Plan Active' banner, renewal and cancellation dates, 'Current Plan' and 'Switch to Plan'", async () => {
    open({ status: 'active', priceId: 'price_pro', credit_renewal_date: RENEWAL, cancellationDate: '2026-05-01T00:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'Subscription Plans', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Upgrade or change your current subscription plan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Professional Plan Active' })).toBeInTheDocument();
    expect(screen.getByText(/1,000 credits · \$40\/month/)).toBeInTheDocument();
    expect(screen.getByText('Next renewal: April 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('Cancels on: May 1, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
    expect(screen.queryByText('Free Account')).toBeNull();
    const pro = card('Professional');
    expect(within(pro).getByText('Current Plan', { selector: '.fui-Badge' })).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Professional: Current Plan' })).toBeDisabled();
    expect(within(card('Starter')).getByRole('button', { name: 'Switch to Plan: Starter' })).toBeEnabled();
    expect(within(card('Enterprise')).getByRole('button', { name: 'Switch to Plan: Enterprise' })).toBeEnabled();
  });

  it("subscriber without a cancellation shows no 'Cancels on'; an unknown price gives 'Active Subscription'", async () => {
    open({ status: 'active', priceId: 'price_legacy', credit_renewal_date: RENEWAL, cancellationDate: null });
    expect(await screen.findByRole('heading', { name: 'Active Subscription' })).toBeInTheDocument();
    expect(screen.queryByText(/Cancels on/)).toBeNull();
    expect(screen.queryByText('Current Plan', { selector: '.fui-Badge' })).toBeNull();
  });

  it('Get Started creates a checkout for the plan price and goes to the returned URL; re-syncs 2 s after', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { fake } = open(FREE, { 'POST /api/subscription/checkout': () => json({ url: 'https://checkout.example/session/1' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started: Starter' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/session/1'));
    expect(fake.requests.find((r) => r.path === '/api/subscription/checkout')!.body).toEqual({
      email: 'pat@example.com',
      priceId: 'price_starter',
    });
    const before = fake.count('POST', '/api/subscription/sync');
    await waitFor(() => expect(fake.count('POST', '/api/subscription/sync')).toBe(before + 1), { timeout: 4000 });
  });

  it('Manage Subscription asks for a portal session (no price)', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { fake } = open(
      { status: 'active', priceId: 'price_starter', credit_renewal_date: RENEWAL, cancellationDate: null },
      { 'POST /api/subscription/checkout': () => json({ url: 'https://billing.example/portal' }) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(fake.requests.find((r) => r.path === '/api/subscription/checkout')!.body).toEqual({ email: 'pat@example.com' });
  });

  it("payments disabled: a warning up front, and 'Get Started' is disabled with the reason instead of failing after a click", async () => {
    const { fake } = open(
      FREE,
      { 'POST /api/subscription/checkout': () => errorJson(503, 'Payments are not configured') },
      {
        paymentsEnabled: false,
        planPrices: { starter: null, professional: null, enterprise: null },
      },
    );
    expect(await screen.findByText('Payments are not configured')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Get Started: Professional' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ACCOUNT_MESSAGES.paymentsOffReason);
    await userEvent.click(button);
    expect(fake.count('POST', '/api/subscription/checkout')).toBe(0);
  });

  it("a failed sync shows 'Failed to sync subscription' and still offers the plans", async () => {
    open(() => errorJson(501, 'This feature is not available yet.'));
    expect(await screen.findByText('Failed to sync subscription')).toBeInTheDocument();
    expect(screen.getByText('This feature is not available yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Get Started/ })).toHaveLength(3);
  });

  it('re-syncs on mount and whenever the window regains focus', async () => {
    const { fake } = open(FREE);
    await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 });
    expect(fake.count('POST', '/api/subscription/sync')).toBe(1);
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(fake.count('POST', '/api/subscription/sync')).toBe(2));
  });

  it('shows the centred spinner while the status loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    open(async () => (await gate, json(FREE)));
    expect(await screen.findByText('Loading your plan...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
  });
});
