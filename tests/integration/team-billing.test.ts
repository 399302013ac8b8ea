import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FREE_MONTHLY_CREDITS, PLANS } from '@shared/constants';
import { TEAM_BILLING_MESSAGES, TEAM_MESSAGES, type TeamRole } from '@shared/teams';
import { creditLedger, teamMembers, teams, users } from '../../server/src/db/schema';
import { systemClock } from '../../server/src/clock';
import { createCreditsService } from '../../server/src/features/credits/credits-service';
import { databaseTargets } from '../helpers/databases';
import type { TestUser } from '../helpers/emulator';
import { billingAppOn } from '../helpers/billing-app';
import { deliver, FAKE_PRICES, type FakeEvent } from '../fakes/stripe-server';

const WEBHOOK_SECRET = 'whsec_team_billing_secret';
const credits = (id: string) => PLANS.find((p) => p.id === id)!.credits;
/** The client's error text for a refused request: `status: {"message","code"}`. */
const refused = (status: number, message: string, code: string) => `${status}: ${JSON.stringify({ message, code })}`;
const invalid = (message: string) => `400: ${JSON.stringify({ message, code: 'validation' }).slice(0, -1)}`;

describe.each(databaseTargets())('team plan billed by seats on $name', (target) => {
  const env = billingAppOn(target, WEBHOOK_SECRET);

  async function person(name: string): Promise<{ user: TestUser; id: string }> {
    const user = await env.app.signUp(name);
    const [row] = await env.db.db.select().from(users).where(eq(users.email, user.email));
    return { user, id: row!.id };
  }

  /** A team owned by a new person, with an admin and a member put in directly (invitations are tested elsewhere). */
  async function newTeam() {
    const owner = await person('Owner');
    const admin = await person('Admin');
    const member = await person('Member');
    const { team } = await env.app.client(owner.user).createTeam({ name: 'Seat Sellers' });
    const join = (id: string, role: TeamRole) => env.db.db.insert(teamMembers).values({ teamId: team!.id, userId: id, role });
    await join(admin.id, 'admin');
    await join(member.id, 'member');
    return { teamId: team!.id, owner, admin, member };
  }

  async function send(event: FakeEvent) {
    const res = await deliver(env.app.url, event, WEBHOOK_SECRET);
    const body = (await res.json()) as { received: boolean; outcome: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.outcome;
  }

  async function teamRow(teamId: string) {
    const [row] = await env.db.db.select().from(teams).where(eq(teams.id, teamId));
    return row!;
  }

  async function poolRows(teamId: string, reference: string) {
    return env.db.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.reference, reference)));
  }

  async function booksBalance(teamId: string) {
    const service = createCreditsService(env.db.db, systemClock);
    expect(await service.teamLedgerSum(teamId)).toBe((await teamRow(teamId)).credits);
  }

  /** Owner checks out `seats` of `plan` and pays: the subscription and its events. */
  async function subscribe(owner: TestUser, plan: 'starter' | 'professional' | 'enterprise', seats: number) {
    const { url } = await env.app.client(owner).startTeamCheckout({ plan, seats });
    expect(url.startsWith(`${env.stripe.url}/checkout/cs_test_`)).toBe(true);
    return env.stripe.completeCheckout(url.split('/').pop()!);
  }

  it('Checkout sells seats as the quantity, for the team’s own customer, with the team in the metadata', async () => {
    const { teamId, owner } = await newTeam();
    expect(await env.app.client(owner.user).getTeamBilling()).toEqual({
      plan: null,
      seats: null,
      status: null,
      periodEnd: null,
      cancelAt: null,
      credits: 0,
      monthlyCredits: null,
    });
    const { url } = await env.app.client(owner.user).startTeamCheckout({ plan: 'professional', seats: 7 });
    const request = env.stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').pop()!;
    const row = await teamRow(teamId);
    expect(row.stripeCustomerId).toMatch(/^cus_test_/);
    expect(request.body).toMatchObject({
      mode: 'subscription',
      customer: row.stripeCustomerId,
      line_items: [{ price: FAKE_PRICES.professional, quantity: '7' }],
      metadata: { teamId },
      subscription_data: { metadata: { teamId } },
      success_url: 'http://portal.test/team',
      cancel_url: 'http://portal.test/team',
    });
    // The team's customer is not the owner's own: the owner's personal plan stays theirs.
    expect(env.stripe.customers.get(row.stripeCustomerId!)!.metadata).toEqual({ teamId });
    const [ownerRow] = await env.db.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow!.stripeCustomerId).toBeNull();

    // Paid: a second Checkout would bill twice, so it is refused.
    const paid = env.stripe.completeCheckout(url.split('/').pop()!);
    expect(await send(paid.events.checkoutCompleted)).toBe('applied');
    await expect(env.app.client(owner.user).startTeamCheckout({ plan: 'starter', seats: 2 })).rejects.toThrow(
      refused(409, TEAM_BILLING_MESSAGES.alreadySubscribed, 'conflict'),
    );
  });

  it('a paid period sets the pool to seats × the plan’s credits, exactly once when Stripe delivers the event twice', async () => {
    const { teamId, owner } = await newTeam();
    const paid = await subscribe(owner.user, 'starter', 3);
    expect(await send(paid.events.subscriptionCreated)).toBe('applied');
    expect(await send(paid.events.checkoutCompleted)).toBe('applied');
    // Twice at once, then once more later: one applies.
    const both = await Promise.all([send(paid.events.invoicePaid), send(paid.events.invoicePaid)]);
    expect(both.sort()).toEqual(['applied', 'duplicate']);
    expect(await send(paid.events.invoicePaid)).toBe('duplicate');
    expect(await poolRows(teamId, paid.events.invoicePaid.id)).toHaveLength(1);
    const billing = await env.app.client(owner.user).getTeamBilling();
    expect(billing).toMatchObject({ plan: 'starter', seats: 3, status: 'active', credits: 3 * credits('starter') });
    expect(billing.monthlyCredits).toBe(3 * credits('starter'));
    expect(billing.periodEnd).toBe(new Date(paid.subscription.items.data[0]!.current_period_end * 1000).toISOString());
    await booksBalance(teamId);
    // The owner's own account is untouched: still Free with the free allowance.
    const record = await env.app.client(owner.user).getUser(owner.user.uid);
    expect({ plan: record.plan, credits: record.credits }).toEqual({ plan: 'free', credits: FREE_MONTHLY_CREDITS });
  });

  it('a seat change is asked of Stripe and counts from the next paid period, with no rollover', async () => {
    const { teamId, owner, member } = await newTeam();
    const paid = await subscribe(owner.user, 'starter', 2);
    await send(paid.events.checkoutCompleted);
    await send(paid.events.invoicePaid);
    expect((await teamRow(teamId)).credits).toBe(2 * credits('starter'));

    // The owner changes the seats in the portal: Stripe's subscription item gets the quantity, no proration.
    const answer = await env.app.client(owner.user).setTeamSeats({ seats: 5 });
    expect(answer.message).toBe(TEAM_BILLING_MESSAGES.seatsChanged(5));
    expect(answer.billing).toMatchObject({ seats: 5, credits: 2 * credits('starter') });
    const update = env.stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${paid.subscription.id}`).pop()!;
    expect(update.body).toMatchObject({
      items: [{ id: paid.subscription.items.data[0]!.id, quantity: '5' }],
      proration_behavior: 'none',
    });
    expect(env.stripe.subscriptions.get(paid.subscription.id)!.items.data[0]!.quantity).toBe(5);

    // A member spends from the pool; Stripe's update event changes the seats, not the pool.
    const spent = await createCreditsService(env.db.db, systemClock).debitTeam(member.id, teamId, 30, 'test-spend');
    expect(spent).toMatchObject({ ok: true, balance: 2 * credits('starter') - 30 });
    const updated = env.stripe.setQuantity(paid.subscription.id, 5);
    expect(await send(updated.event)).toBe('applied');
    const before = (await teamRow(teamId)).credits;
    expect(before).toBe(2 * credits('starter') - 30);
    expect((await teamRow(teamId)).seats).toBe(5);

    // The next paid period: the pool is set to 5 × 200, not added to what was left.
    const renewal = env.stripe.renew(paid.subscription.id);
    expect(await send(renewal.event)).toBe('applied');
    expect(await send(renewal.event)).toBe('duplicate');
    expect((await teamRow(teamId)).credits).toBe(5 * credits('starter'));
    const [row] = await poolRows(teamId, renewal.event.id);
    expect(row).toMatchObject({
      reason: 'plan_allowance',
      delta: 5 * credits('starter') - before,
      balanceAfter: 5 * credits('starter'),
      userId: owner.id,
    });
    await booksBalance(teamId);

    // Seats lowered in Stripe's own Customer Portal: the next period gives 1 × 200.
    expect(await send(env.stripe.setQuantity(paid.subscription.id, 1).event)).toBe('applied');
    expect(await send(env.stripe.renew(paid.subscription.id).event)).toBe('applied');
    expect(await env.app.client(owner.user).getTeamBilling()).toMatchObject({
      seats: 1,
      credits: credits('starter'),
      monthlyCredits: credits('starter'),
    });
    await booksBalance(teamId);

    // Stripe allows a quantity of 0: stored as no seats (the webhook does not fail on the seats check); the pool stays.
    expect(await send(env.stripe.setQuantity(paid.subscription.id, 0).event)).toBe('applied');
    expect(await env.app.client(owner.user).getTeamBilling()).toMatchObject({ plan: 'starter', seats: null, credits: credits('starter') });
  });

  it('only the owner may use the billing routes; seats and plans are checked', async () => {
    const { owner, admin, member } = await newTeam();
    const other = await newTeam();
    const loner = await person('Loner');
    const ownerOnly = refused(403, TEAM_BILLING_MESSAGES.ownerOnly, 'forbidden');
    for (const who of [admin, member]) {
      const client = env.app.client(who.user);
      await expect(client.getTeamBilling()).rejects.toThrow(ownerOnly);
      await expect(client.startTeamCheckout({ plan: 'starter', seats: 2 })).rejects.toThrow(ownerOnly);
      await expect(client.setTeamSeats({ seats: 2 })).rejects.toThrow(ownerOnly);
      await expect(client.openTeamBillingPortal()).rejects.toThrow(ownerOnly);
    }
    const notInTeam = refused(404, TEAM_MESSAGES.notInTeam, 'not_found');
    await expect(env.app.client(loner.user).getTeamBilling()).rejects.toThrow(notInTeam);
    await expect(env.app.client(loner.user).startTeamCheckout({ plan: 'starter', seats: 2 })).rejects.toThrow(notInTeam);

    // The other team's owner reaches only their own team: no plan there, nothing of the first team's.
    const paid = await subscribe(owner.user, 'enterprise', 2);
    await send(paid.events.invoicePaid);
    expect(await env.app.client(other.owner.user).getTeamBilling()).toMatchObject({ plan: null, credits: 0 });
    await expect(env.app.client(other.owner.user).setTeamSeats({ seats: 9 })).rejects.toThrow(
      refused(409, TEAM_BILLING_MESSAGES.noPlan, 'conflict'),
    );
    await expect(env.app.client(other.owner.user).openTeamBillingPortal()).rejects.toThrow(
      refused(409, TEAM_BILLING_MESSAGES.noPlan, 'conflict'),
    );
    expect(env.stripe.subscriptions.get(paid.subscription.id)!.items.data[0]!.quantity).toBe(2);

    // The owner's portal is the team customer's.
    const { url } = await env.app.client(owner.user).openTeamBillingPortal();
    expect(url.startsWith(`${env.stripe.url}/billing/bps_test_`)).toBe(true);
    const portal = env.stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(portal.body).toMatchObject({ customer: paid.subscription.customer, return_url: 'http://portal.test/team' });

    // Bad input is a clear 400, never a 500.
    const client = env.app.client(owner.user);
    for (const seats of [0, 501, 2.5, '3', null]) {
      await expect(client.setTeamSeats({ seats } as never)).rejects.toThrow(invalid(TEAM_BILLING_MESSAGES.seatsInvalid));
      await expect(client.startTeamCheckout({ plan: 'starter', seats } as never)).rejects.toThrow(
        invalid(TEAM_BILLING_MESSAGES.seatsInvalid),
      );
    }
    await expect(client.startTeamCheckout({ plan: 'platinum', seats: 2 } as never)).rejects.toThrow(
      invalid(TEAM_BILLING_MESSAGES.planInvalid),
    );
  });

  it('deleting a team is refused while its plan is active; a cancelled plan empties the pool and the team can go', async () => {
    const { teamId, owner } = await newTeam();
    const paid = await subscribe(owner.user, 'starter', 4);
    await send(paid.events.checkoutCompleted);
    await send(paid.events.invoicePaid);
    const deleteRefused = refused(409, TEAM_BILLING_MESSAGES.deleteWhilePaid, 'conflict');
    await expect(env.app.client(owner.user).deleteTeam()).rejects.toThrow(deleteRefused);

    // Cancelled at the period end: still active (and not deletable) until the period ends.
    expect(await send(env.stripe.cancelAtPeriodEnd(paid.subscription.id).event)).toBe('applied');
    const cancelling = await env.app.client(owner.user).getTeamBilling();
    expect(cancelling).toMatchObject({ plan: 'starter', seats: 4, credits: 4 * credits('starter') });
    expect(cancelling.cancelAt).not.toBeNull();
    await expect(env.app.client(owner.user).deleteTeam()).rejects.toThrow(deleteRefused);

    const ended = env.stripe.renew(paid.subscription.id);
    expect(ended.event.type).toBe('customer.subscription.deleted');
    expect(await send(ended.event)).toBe('applied');
    expect(await env.app.client(owner.user).getTeamBilling()).toMatchObject({ plan: null, seats: null, status: 'canceled', credits: 0 });
    expect(await poolRows(teamId, ended.event.id)).toMatchObject([{ delta: -4 * credits('starter'), balanceAfter: 0 }]);
    await booksBalance(teamId);
    await expect(env.app.client(owner.user).deleteTeam()).resolves.toEqual({ message: TEAM_MESSAGES.teamDeleted });
  });

  it('a team customer deleted in Stripe ends the plan (pool 0); the next Checkout makes a new customer', async () => {
    const { teamId, owner } = await newTeam();
    const paid = await subscribe(owner.user, 'professional', 2);
    await send(paid.events.invoicePaid);
    expect((await teamRow(teamId)).credits).toBe(2 * credits('professional'));
    const gone = paid.subscription.customer;
    const { events } = env.stripe.deleteCustomer(gone);
    for (const event of events) expect(await send(event)).toBe('applied');
    expect(await env.app.client(owner.user).getTeamBilling()).toMatchObject({ plan: null, credits: 0 });

    const { url } = await env.app.client(owner.user).startTeamCheckout({ plan: 'starter', seats: 1 });
    expect(url.startsWith(`${env.stripe.url}/checkout/cs_test_`)).toBe(true);
    const replaced = (await teamRow(teamId)).stripeCustomerId;
    expect(replaced).toMatch(/^cus_test_/);
    expect(replaced).not.toBe(gone);
    await booksBalance(teamId);
  });

  it("after an ownership transfer the team's Stripe customer is billed to the new owner's e-mail (portal and Checkout)", async () => {
    const { owner, admin } = await newTeam();
    const paid = await subscribe(owner.user, 'starter', 1);
    await send(paid.events.invoicePaid);
    const customerId = paid.subscription.customer as string;
    expect(env.stripe.customers.get(customerId)?.email).toBe(owner.user.email);
    await env.app.client(owner.user).transferTeam({ userId: admin.id });
    await expect(env.app.client(owner.user).openTeamBillingPortal()).rejects.toThrow(/^403: /);
    await env.app.client(admin.user).openTeamBillingPortal();
    expect(env.stripe.customers.get(customerId)?.email).toBe(admin.user.email);
  });
});
