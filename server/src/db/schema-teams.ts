import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ASSIGNABLE_ROLES, TEAM_ROLES, type AssignableRole, type TeamRole } from '@shared/teams';
import { belongsToUser, oneOf, users } from './schema-users';

/** A team (docs/product.md#teams): its name only; who is in it, and with which role, is team_members. */
export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The shared pool (docs/product.md#team-credits): members' paid work is charged here first. */
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The team plan (docs/product.md#team-plan-and-seats): the team's own Stripe customer and
    // subscription as last read from Stripe, so a team's billing never mixes with its owner's own plan.
    /** A plan id while the subscription is live; null: no team plan. */
    plan: text('plan'),
    /** The subscription's quantity as Stripe last said; the pool follows it at the next paid period. */
    seats: integer('seats'),
    stripeCustomerId: text('stripe_customer_id').unique('teams_stripe_customer_id_key'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    planStatus: text('plan_status'),
    planPeriodEnd: timestamp('plan_period_end', { withTimezone: true }),
    planCancelAt: timestamp('plan_cancel_at', { withTimezone: true }),
    /** Unix seconds of the last period whose allowance was granted: a late, older invoice grants nothing. */
    allowancePeriodStart: bigint('allowance_period_start', { mode: 'number' }),
  },
  (t) => [
    check('teams_credits_non_negative', sql`${t.credits} >= 0`),
    check('teams_seats_check', sql`${t.seats} IS NULL OR ${t.seats} >= 1`),
  ],
);

/** One row per member; a user is in at most one team, and a team has exactly one owner row. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    role: text('role').$type<TeamRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pool credits this member may spend per calendar month (UTC); null: no cap. Beyond it, their own credits pay. */
    monthlyCap: integer('monthly_cap'),
  },
  (t) => [
    check('team_members_monthly_cap_check', sql`${t.monthlyCap} IS NULL OR ${t.monthlyCap} >= 0`),
    primaryKey({ name: 'team_members_pkey', columns: [t.teamId, t.userId] }),
    foreignKey({ name: 'team_members_team_id_fkey', columns: [t.teamId], foreignColumns: [teams.id] }).onDelete('cascade'),
    belongsToUser('team_members', t.userId),
    oneOf('team_members_role_check', t.role, TEAM_ROLES),
    // At most one team per user, enforced by the database under concurrent joins.
    uniqueIndex('team_members_user_key').on(t.userId),
    // One owner per team: a transfer demotes the old owner before promoting the new one.
    uniqueIndex('team_members_one_owner_key')
      .on(t.teamId)
      .where(sql`${t.role} = 'owner'`),
    index('team_members_team_idx').on(t.teamId),
  ],
);

/**
 * An invitation by e-mail. The link's token is signed over id, team, e-mail, role, nonce and expiry
 * (invite-token.ts); a resend draws a new nonce, so only the latest e-mail's link works. Accepted and
 * revoked rows are kept: their link then says why it no longer works (410), not just "not found".
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<AssignableRole>().notNull(),
    /** The owner or admin who sent it; the invitation goes with their account. */
    invitedBy: text('invited_by').notNull(),
    nonce: text('nonce').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'team_invites_team_id_fkey', columns: [t.teamId], foreignColumns: [teams.id] }).onDelete('cascade'),
    foreignKey({ name: 'team_invites_invited_by_fkey', columns: [t.invitedBy], foreignColumns: [users.id] }).onDelete('cascade'),
    oneOf('team_invites_role_check', t.role, ASSIGNABLE_ROLES),
    // One open invitation per address and team: a second is a resend.
    uniqueIndex('team_invites_open_key')
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/** Practice an owner or admin assigned: a scenario, a due date and the score that completes it. */
export const teamAssignments = pgTable(
  'team_assignments',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id').notNull(),
    scenarioId: text('scenario_id').notNull(),
    /** Kept with the assignment, as calls keep theirs: it still reads right if the library changes. */
    scenarioTitle: text('scenario_title').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    minScore: integer('min_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'team_assignments_team_id_fkey', columns: [t.teamId], foreignColumns: [teams.id] }).onDelete('cascade'),
    check('team_assignments_min_score_check', sql`${t.minScore} BETWEEN 0 AND 100`),
    index('team_assignments_team_idx').on(t.teamId, t.dueAt),
  ],
);

/**
 * Who an assignment is for. Completion is not stored: it is read from the member's practice calls
 * on the scenario since the assignment (one place for the fact, and nothing to keep in step).
 */
export const teamAssignmentMembers = pgTable(
  'team_assignment_members',
  {
    assignmentId: text('assignment_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'team_assignment_members_pkey', columns: [t.assignmentId, t.userId] }),
    foreignKey({
      name: 'team_assignment_members_assignment_id_fkey',
      columns: [t.assignmentId],
      foreignColumns: [teamAssignments.id],
    }).onDelete('cascade'),
    belongsToUser('team_assignment_members', t.userId),
    index('team_assignment_members_user_idx').on(t.userId),
  ],
);
