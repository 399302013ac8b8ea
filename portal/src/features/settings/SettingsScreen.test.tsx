import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import type { CreditUsage, SubscriptionStatus } from '@shared/schemas';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { FakeAuthService, VERIFIED } from '../../test/fake-auth';
import { findToast, renderApp } from '../../test/render-app';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FREE_STATUS: SubscriptionStatus = { status: null, priceId: null, credit_renewal_date: null, cancellationDate: null };
const FREE_USAGE: CreditUsage = {
  plan: 'free',
  allowance: 20,
  balance: 13,
  used: 7,
  periodStart: '2026-11-01T00:00:00.000Z',
  resetsAt: '2026-12-01T00:00:00.000Z',
  days: [],
};
const PRO_USAGE: CreditUsage = {
  ...FREE_USAGE,
  plan: 'professional',
  allowance: 1000,
  balance: 940,
  used: 60,
  resetsAt: '2026-12-15T00:00:00.000Z',
};
const PRO_STATUS: SubscriptionStatus = {
  status: 'active',
  priceId: 'price_pro',
  credit_renewal_date: Date.UTC(2026, 11, 15) / 1000,
  cancellationDate: null,
};

function open(
  usage: CreditUsage | Handler,
  status: SubscriptionStatus | Handler,
  routes: Record<string, Handler> = {},
  auth?: FakeAuthService,
) {
  const h = (v: unknown): Handler => (typeof v === 'function' ? (v as Handler) : () => json(v));
  return renderApp({
    path: '/settings',
    auth,
    user: auth ? undefined : VERIFIED,
    routes: { 'GET /api/credits/usage': h(usage), 'POST /api/subscription/sync': h(status), ...routes },
  });
}

const planCard = () => screen.getByRole('heading', { name: 'Plan and credits' }).closest('.fui-Card') as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('account page', () => {
  it('free user: profile with the verified badge, Free plan, balance of the allowance, the reset date, a way to the plans', async () => {
    open(FREE_USAGE, FREE_STATUS);
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(await screen.findByText('Pat')).toBeInTheDocument();
    expect(screen.getByText('pat@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    await screen.findByText(/credits left of 20/);
    const plan = within(planCard());
    expect(plan.getByText('Free plan')).toBeInTheDocument();
    expect(plan.getByTestId('plan-balance')).toHaveTextContent('13');
    expect(plan.getByText(/they reset on December 1, 2026/)).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
    expect(plan.getByRole('link', { name: 'See where your credits went' })).toHaveAttribute('href', '/usage');
    expect(plan.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(plan.queryByText('Active')).toBeNull();
  });

  it('subscriber: the plan, Active, its allowance and renewal; Manage billing opens the Customer Portal', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { fake } = open(PRO_USAGE, PRO_STATUS, {
      'POST /api/subscription/checkout': () => json({ url: 'https://billing.example/portal' }),
    });
    await screen.findByText(/credits left of 1,000/);
    const plan = within(planCard());
    expect(plan.getByText('Professional plan')).toBeInTheDocument();
    expect(plan.getByText('Active')).toBeInTheDocument();
    expect(plan.getByTestId('plan-balance')).toHaveTextContent('940');
    expect(plan.getByText(/they reset on December 15, 2026/)).toBeInTheDocument();
    expect(plan.queryByText(/return to the free plan/)).toBeNull();
    await userEvent.click(plan.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(fake.requests.find((r) => r.path === '/api/subscription/checkout')!.body).toEqual({ email: 'pat@example.com' });
  });

  it('cancelling subscriber: Cancelling and the date the plan ends', async () => {
    open(PRO_USAGE, { ...PRO_STATUS, cancellationDate: '2026-12-15T00:00:00.000Z' });
    await screen.findByText(/credits left of 1,000/);
    const plan = within(planCard());
    expect(plan.getByText('Cancelling')).toBeInTheDocument();
    expect(plan.queryByText('Active')).toBeNull();
    expect(plan.getByText('Your subscription ends on December 15, 2026; you then return to the free plan.')).toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });

  it('loading: the plan card shows a spinner until usage and status arrive', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    open(async () => (await gate, json(FREE_USAGE)), FREE_STATUS);
    expect(await screen.findByText('Loading your plan...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    expect(screen.queryByText('Loading your plan...')).toBeNull();
  });

  it('error: the reason, and Try again recovers', async () => {
    let fail = true;
    open(() => (fail ? errorJson(500, 'database down') : json(FREE_USAGE)), FREE_STATUS);
    expect(await screen.findByText(ACCOUNT_MESSAGES.usageFailed)).toBeInTheDocument();
    expect(screen.getByText('database down')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(planCard()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
  });

  it('change password: validates, re-authenticates with the current password, reports the outcome', async () => {
    const auth = new FakeAuthService(VERIFIED);
    const seen: string[][] = [];
    auth.changePasswordResult = async (current, next) => {
      seen.push([current, next]);
      if (current !== 'old-secret')
        throw Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' });
    };
    open(FREE_USAGE, FREE_STATUS, {}, auth);
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await userEvent.type(form.getByLabelText(/^Current password/), 'wrong');
    await userEvent.type(form.getByLabelText(/^New password/), 'new-secret-1');
    await userEvent.type(form.getByLabelText(/^Repeat the new password/), 'new-secret-2');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(ACCOUNT_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(seen).toEqual([]);

    await userEvent.clear(form.getByLabelText(/^Repeat the new password/));
    await userEvent.type(form.getByLabelText(/^Repeat the new password/), 'new-secret-1');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await findToast(ACCOUNT_MESSAGES.passwordChangeFailed);
    expect(screen.getAllByText('The e-mail address or password is incorrect.').length).toBeGreaterThan(0);

    await userEvent.clear(form.getByLabelText(/^Current password/));
    await userEvent.type(form.getByLabelText(/^Current password/), 'old-secret');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await findToast(ACCOUNT_MESSAGES.passwordChanged);
    expect(seen.at(-1)).toEqual(['old-secret', 'new-secret-1']);
    expect(form.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('delete account: confirmed by typing the address, then signed out on /auth', async () => {
    const auth = new FakeAuthService(VERIFIED);
    const { fake, location } = open(
      FREE_USAGE,
      FREE_STATUS,
      {
        'DELETE /api/user': () => json({ message: ACCOUNT_MESSAGES.accountDeleted, subscriptionCancelled: false }),
      },
      auth,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }, { timeout: 15000 }));
    // Fluent's focus trap (Tabster) marks the surface aria-hidden for a moment in jsdom; Chromium (tests/e2e/account) sees it whole.
    const dialog = within(await screen.findByRole('dialog', { hidden: true }, { timeout: 10000 }));
    expect(dialog.getByRole('heading', { name: 'Delete your account?', hidden: true })).toBeInTheDocument();
    // The refund promise is the plans page's, word for word (one string in shared/), never "without a refund".
    expect(dialog.getByText(new RegExp(escapeRegExp(ACCOUNT_MESSAGES.moneyBackGuarantee)))).toBeInTheDocument();
    expect(dialog.queryByText(/without a refund/)).toBeNull();
    const confirm = dialog.getByRole('button', { name: 'Delete my account', hidden: true });
    expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(/^Type pat@example.com to confirm/), 'pat@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(/^Type pat@example.com to confirm/), 'm');
    await userEvent.click(confirm);
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(fake.requests.find((r) => r.method === 'DELETE')!.body).toEqual({ email: 'pat@example.com' });
    expect(auth.calls).toContain('signOut');
    await findToast(ACCOUNT_MESSAGES.accountDeleted);
  });

  it('delete account refused by the server: the reason, still signed in', async () => {
    const auth = new FakeAuthService(VERIFIED);
    const { location } = open(
      FREE_USAGE,
      FREE_STATUS,
      { 'DELETE /api/user': () => errorJson(502, ACCOUNT_MESSAGES.subscriptionNotCancelled) },
      auth,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }, { timeout: 15000 }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }, { timeout: 10000 }));
    await userEvent.type(dialog.getByLabelText(/^Type pat@example.com to confirm/), 'pat@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account', hidden: true }));
    await findToast(ACCOUNT_MESSAGES.deleteFailed);
    expect(screen.getAllByText(ACCOUNT_MESSAGES.subscriptionNotCancelled).length).toBeGreaterThan(0);
    expect(location()).toBe('/settings');
    expect(auth.calls).not.toContain('signOut');
  });
});
