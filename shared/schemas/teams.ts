import * as z from 'zod/mini';
import { ASSIGNABLE_ROLES, ASSIGNMENT_STATUSES, TEAM_LIMITS, TEAM_MESSAGES, TEAM_ROLES } from '../teams';
import { emailSchema, safeText } from './common';

/** Teams (docs/product.md#teams): requests and answers of /api/teams and /api/team/…. */

export const createTeamRequestSchema = z.object({
  name: safeText('The team name', { error: TEAM_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, { error: TEAM_MESSAGES.nameRequired }),
    z.maxLength(TEAM_LIMITS.name),
  ),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

const roleError = { error: 'Role must be admin or member' };
export const setRoleRequestSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, roleError) });
export type SetRoleRequest = z.infer<typeof setRoleRequestSchema>;

export const transferOwnershipRequestSchema = z.object({
  userId: safeText('The member id', { error: 'Choose the member who becomes the owner' }).check(z.minLength(1), z.maxLength(64)),
});
export type TransferOwnershipRequest = z.infer<typeof transferOwnershipRequestSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES),
  /** Owners and admins only: members see names and roles. */
  email: z.optional(z.string()),
  joinedAt: z.optional(z.string()),
  /** Owners and admins for everyone, a member for themselves: pool credits a month (null: no cap) and used this month. */
  monthlyCap: z.optional(z.nullable(z.number())),
  poolUsed: z.optional(z.number()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team: the caller's team, or `team: null` when they are in none. */
export const teamResponseSchema = z.object({
  team: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      createdAt: z.string(),
      /** The caller's own role and user id. */
      role: z.enum(TEAM_ROLES),
      me: z.string(),
      /** The shared pool's credits (docs/product.md#team-credits). */
      credits: z.number(),
      members: z.array(teamMemberSchema),
    }),
  ),
});

/** PUT /api/team/members/:userId/cap: pool credits the member may spend a month; null removes the cap. */
export const setCapRequestSchema = z.object({
  monthlyCap: z.nullable(
    z
      .number({ error: TEAM_MESSAGES.capInvalid })
      .check(
        z.int({ error: TEAM_MESSAGES.capInvalid }),
        z.gte(0, { error: TEAM_MESSAGES.capInvalid }),
        z.lte(TEAM_LIMITS.monthlyCap, { error: TEAM_MESSAGES.capInvalid }),
      ),
  ),
});
export type SetCapRequest = z.infer<typeof setCapRequestSchema>;

export type TeamResponse = z.infer<typeof teamResponseSchema>;
export type Team = NonNullable<TeamResponse['team']>;

/** POST /api/team/invites: who, and the role they get on accepting. */
export const createInviteRequestSchema = z.object({
  email: emailSchema,
  role: z._default(z.enum(ASSIGNABLE_ROLES, roleError), 'member'),
});
export type CreateInviteRequest = z.input<typeof createInviteRequestSchema>;

export const INVITE_STATUSES = ['pending', 'expired'] as const;
export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  status: z.enum(INVITE_STATUSES),
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;
export const teamInviteListSchema = z.object({ invites: z.array(teamInviteSchema) });
export type TeamInviteList = z.infer<typeof teamInviteListSchema>;

export const acceptInviteRequestSchema = z.object({
  token: safeText('The invitation token', { error: TEAM_MESSAGES.inviteInvalid }).check(
    z.trim(),
    z.minLength(1, { error: TEAM_MESSAGES.inviteInvalid }),
    z.maxLength(200, { error: TEAM_MESSAGES.inviteInvalid }),
  ),
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

/** POST /api/team/assignments: practise this scenario by this date, to at least this score. */
export const createAssignmentRequestSchema = z.object({
  scenarioId: safeText('The scenario', { error: TEAM_MESSAGES.scenarioUnknown }).check(
    z.trim(),
    z.minLength(1, { error: TEAM_MESSAGES.scenarioUnknown }),
    z.maxLength(64, { error: TEAM_MESSAGES.scenarioUnknown }),
  ),
  memberIds: z
    .array(safeText('A member id').check(z.minLength(1), z.maxLength(64)), { error: TEAM_MESSAGES.membersRequired })
    .check(z.minLength(1, { error: TEAM_MESSAGES.membersRequired }), z.maxLength(TEAM_LIMITS.assignees)),
  dueAt: z.iso.datetime({ offset: true, error: 'The due date must be a date and time, e.g. 2026-03-31T17:00:00Z' }),
  minScore: z
    .number({ error: 'The minimum score must be a number from 0 to 100' })
    .check(
      z.int({ error: 'The minimum score must be a whole number' }),
      z.gte(0),
      z.lte(100, { error: 'The minimum score is at most 100' }),
    ),
});
export type CreateAssignmentRequest = z.infer<typeof createAssignmentRequestSchema>;

export const assignmentMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The best score of a practice call on the scenario since it was assigned; null before any. */
  bestScore: z.nullable(z.number()),
  /** When a call first reached the minimum score. */
  completedAt: z.nullable(z.string()),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export const assignmentSchema = z.object({
  id: z.string(),
  scenarioId: z.string(),
  scenarioTitle: z.string(),
  dueAt: z.string(),
  minScore: z.number(),
  createdAt: z.string(),
  /** Owners and admins: every assignee; members: their own row only. */
  members: z.array(assignmentMemberSchema),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export const assignmentListSchema = z.object({ assignments: z.array(assignmentSchema) });
export type AssignmentList = z.infer<typeof assignmentListSchema>;

/** GET /api/team/report?month=YYYY-MM: one row per member for that month (UTC). */
export const teamReportQuerySchema = z.object({
  month: z
    .string({ error: 'Choose a month as YYYY-MM, e.g. 2026-03' })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month as YYYY-MM, e.g. 2026-03' })),
});
export const teamReportRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Credits used that month (debits less refunds), from the member's own ledger. */
  creditsUsed: z.number(),
  practiceCalls: z.number(),
  averageScore: z.nullable(z.number()),
  bestScore: z.nullable(z.number()),
  /** Assignments due that month, by their status now. */
  assignmentsDone: z.number(),
  assignmentsDue: z.number(),
  assignmentsOverdue: z.number(),
  /** The member's latest practice call, any month. */
  lastPracticeAt: z.nullable(z.string()),
});
export type TeamReportRow = z.infer<typeof teamReportRowSchema>;
export const teamReportSchema = z.object({ month: z.string(), rows: z.array(teamReportRowSchema) });
export type TeamReport = z.infer<typeof teamReportSchema>;
