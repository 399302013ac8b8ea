import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamBilling, TeamResponse } from '@shared/schemas';
import { TEAM_FAILURES as F, TEAM_BILLING_MESSAGES as B } from '@shared/teams';
import { errorJson, json, type Handler } from '../../test/fake-api';
import { findToast, renderApp } from '../../test/render-app';
import { OWNER_TEAM } from '../../test/team-fixtures';

const OWNER = OWNER_TEAM;
const NO_PLAN: TeamBilling = { plan: null, seats: null, status: null, periodEnd: null, cancelAt: null, credits: 0, monthlyCredits: null };
const ON_PLAN: TeamBilling = {
  plan: 'starter',
  seats: 3,
  status: 'active',
  periodEnd: '2026-04-01T09:00:00.000Z',
  cancelAt: null,
  credits: 540,
  monthlyCredits: 600,
};

function open(team: Team, routes: Record<string, Handler>) {
  return renderApp({
    path: '/team',
    routes: {
      'GET /api/team': () => json({ team } satisfies TeamResponse),
      'GET /api/team/invites': () => json({ invites: [] }),
      ...routes,
    },
  });
}

async function card() {
  return within((await screen.findByRole('heading', { name: B.cardTitle })).closest('.fui-Card') as HTMLElement);
}

beforeAll(() => import('./TeamScreen'), 60_000);
afterEach(() => vi.restoreAllMocks());

describe('the team plan card', () => {
  it('without a plan: seats are checked, then Checkout is asked for the plan and seats and the browser goes there', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { fake } = open(OWNER, {
      'GET /api/team/billing': () => json(NO_PLAN),
      'POST /api/team/billing/checkout': () => json({ url: 'https://checkout.stripe.test/cs_1' }),
    });
    const c = await card();
    expect(await c.findByText(B.noPlanYet)).toBeInTheDocument();
    const seats = c.getByRole('spinbutton', { name: B.seatsLabel });
    await userEvent.type(seats, '501');
    await userEvent.click(c.getByRole('button', { name: B.checkout }));
    expect(await c.findByText(B.seatsInvalid)).toBeInTheDocument();
    expect(fake.count('POST', '/api/team/billing/checkout')).toBe(0);

    await userEvent.clear(seats);
    await userEvent.type(seats, '4');
    await userEvent.selectOptions(c.getByRole('combobox', { name: B.planLabel }), 'enterprise');
    await userEvent.click(c.getByRole('button', { name: B.checkout }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(fake.requests.find((r) => r.path === '/api/team/billing/checkout')?.body).toEqual({ plan: 'enterprise', seats: 4 });
  });

  it('on a plan: shows plan, seats, pool and status; changes seats and opens the billing portal', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    let billing = ON_PLAN;
    const { fake } = open(OWNER, {
      'GET /api/team/billing': () => json(billing),
      'PUT /api/team/billing/seats': (req) => {
        billing = { ...billing, seats: (req.body as { seats: number }).seats };
        return json({ message: B.seatsChanged(billing.seats!), billing });
      },
      'POST /api/team/billing/portal': () => json({ url: 'https://billing.stripe.test/bps_1' }),
    });
    const c = await card();
    expect(await c.findByText('Starter')).toBeInTheDocument();
    expect(c.getByText('540')).toBeInTheDocument();
    expect(c.getByText('active')).toBeInTheDocument();
    expect(c.getByText('600 credits')).toBeInTheDocument();
    expect(c.getByText('3')).toBeInTheDocument();

    await userEvent.type(c.getByRole('spinbutton', { name: B.seatsLabel }), '6');
    await userEvent.click(c.getByRole('button', { name: B.changeSeats }));
    expect(await findToast(B.seatsChanged(6))).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT' && r.path === '/api/team/billing/seats')?.body).toEqual({ seats: 6 });
    expect(await c.findByText('6')).toBeInTheDocument();

    await userEvent.click(c.getByRole('button', { name: B.manage }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/bps_1'));
  });

  it('a refused seat change shows the server’s reason', async () => {
    open(OWNER, {
      'GET /api/team/billing': () => json(ON_PLAN),
      'PUT /api/team/billing/seats': () => errorJson(409, B.noPlan),
    });
    const c = await card();
    await userEvent.type(await c.findByRole('spinbutton', { name: B.seatsLabel }), '2');
    await userEvent.click(c.getByRole('button', { name: B.changeSeats }));
    expect(await findToast(F.seats)).toBeInTheDocument();
    expect(await screen.findAllByText(B.noPlan)).not.toHaveLength(0);
  });

  it('admins and members get no team plan card and never ask for it', async () => {
    const { fake } = open({ ...OWNER, role: 'admin', me: 'u-ada' }, { 'GET /api/team/billing': () => errorJson(403, B.ownerOnly) });
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: B.cardTitle })).toBeNull();
    expect(fake.count('GET', '/api/team/billing')).toBe(0);
  });
});
