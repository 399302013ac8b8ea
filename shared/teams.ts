/**
 * Teams (docs/product.md#teams): roles, limits and every string the server and the portal show about
 * them. One place for each; the schemas in schemas/teams.ts and the FAQ read from here.
 */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation or a role change may give: ownership only moves by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Owners and admins run the team: invite, remove, set roles, assign practice, read reports. */
export const isTeamManager = (role: TeamRole) => role === 'owner' || role === 'admin';

export const TEAM_LIMITS = {
  name: 100,
  /** Members one assignment may name at once. */
  assignees: 500,
  /** An invitation link works for this long after it was (re)sent. */
  inviteDays: 7,
  /** The largest monthly cap an admin may set on a member's pool spending. */
  monthlyCap: 1_000_000,
} as const;

export const TEAM_MESSAGES = {
  nameRequired: 'Team name is required',
  notInTeam: 'You are not in a team. Create one or ask a team admin for an invitation.',
  alreadyInTeam: 'You are already in a team. Leave it before creating or joining another one.',
  managersOnly: 'Only the team owner and admins can do this.',
  ownerOnly: 'Only the team owner can do this.',
  memberNotFound: 'This person is not a member of your team.',
  ownerCannotLeave: 'You own this team: transfer ownership to another member or delete the team before leaving.',
  cannotRemoveOwner: 'The team owner cannot be removed. The owner can transfer ownership first.',
  cannotRemoveSelf: 'To remove yourself, leave the team instead.',
  cannotChangeOwnerRole: "The owner's role changes only by transferring ownership.",
  transferToSelf: 'You already own this team. Choose another member.',
  ownerDeletingAccount: (team: string) =>
    `You own the team "${team}". Transfer ownership to another member or delete the team before deleting your account.`,
  // Invitations (docs/product.md#team-invitations)
  alreadyMember: 'This person is already a member of your team.',
  inOtherTeam: 'This person is already in another team. They must leave it before they can join yours.',
  alreadyInvited: 'This address already has a pending invitation. Resend it from the list of invitations.',
  inviteNotFound: 'No pending invitation of your team has this id.',
  inviteInvalid: 'This invitation link is not valid. Use the link in the latest invitation e-mail, or ask a team admin for a new one.',
  inviteExpired: 'This invitation has expired. Ask a team admin to send it again.',
  inviteRevoked: 'This invitation was withdrawn by the team. Ask a team admin for a new one.',
  inviteUsed: 'This invitation has already been used.',
  inviteOtherEmail: (invited: string) => `This invitation was sent to ${invited}. Sign in with that address to accept it.`,
  inviteTeamGone: 'The team of this invitation no longer exists.',
  inviteNotSent: 'The invitation e-mail could not be sent',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  inviteRevokedDone: 'Invitation withdrawn',
  joined: (team: string) => `You joined ${team}`,
  // Assigned practice (docs/product.md#assigned-practice)
  scenarioUnknown: 'Choose a scenario from the list.',
  scenariosFailed: 'The scenario list could not be loaded. Reload the page to try again.',
  membersRequired: 'Choose at least one member.',
  dueInPast: 'The due date must be in the future.',
  assignedTo: (n: number) => `Practice assigned to ${n} ${n === 1 ? 'member' : 'members'}`,
  // Shared credits (docs/product.md#team-credits)
  capInvalid: `Enter a whole number of credits from 0 to ${TEAM_LIMITS.monthlyCap.toLocaleString('en-US')}, or leave it empty for no cap`,
  ownerCapOwnerOnly: "Only the owner can set the owner's cap.",
  capSet: (name: string, cap: number | null) => (cap === null ? `${name} has no cap now` : `${name} may spend ${cap} pool credits a month`),
  teamCreated: 'Team created',
  teamDeleted: 'Team deleted',
  leftTeam: 'You left the team',
  memberRemoved: 'Member removed',
  roleChanged: 'Role changed',
  ownershipTransferred: 'Ownership transferred',
} as const;

/** Titles of what the portal's team screens say when a load or an action fails (the reason follows). */
export const TEAM_FAILURES = {
  loadTeam: 'Could not load your team',
  loadInvites: 'Could not load the invitations',
  loadReport: 'Could not load the report',
  loadAssignments: 'Could not load the assignments',
  create: 'Could not create the team',
  invite: 'Could not send the invitation',
  resend: 'Could not resend',
  revoke: 'Could not withdraw',
  assign: 'Could not assign the practice',
  changeRole: 'Could not change the role',
  remove: 'Could not remove the member',
  transfer: 'Could not transfer ownership',
  leave: 'Could not leave the team',
  delete: 'Could not delete the team',
  join: 'Could not join the team',
  cap: 'Could not set the cap',
  // The team plan card
  loadPlan: 'Could not load the team plan',
  checkout: 'Could not start the team plan',
  seats: 'Could not change the seats',
  billingPortal: 'Could not open the billing portal',
} as const;

/** An assignment for one member: done (a call reached the score), else due, or overdue after the due date. */
export const ASSIGNMENT_STATUSES = ['done', 'due', 'overdue'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = { done: 'Done', due: 'Due', overdue: 'Overdue' };

/** The team plan (docs/product.md#team-plan-and-seats): seats a team may buy. */
export const TEAM_SEATS = { min: 1, max: 500 } as const;

/** Every string the server and the portal show about the team plan and its seats. */
export const TEAM_BILLING_MESSAGES = {
  ownerOnly: 'Only the team owner manages the team plan and its seats.',
  seatsInvalid: `Seats must be a whole number from ${TEAM_SEATS.min} to ${TEAM_SEATS.max}.`,
  planInvalid: 'Choose one of the plans: starter, professional or enterprise.',
  planNotSold: 'This plan is not available. Choose another plan.',
  alreadySubscribed: 'Your team already has a team plan. Change its seats, or manage it in the billing portal.',
  noPlan: 'Your team has no team plan. Start one with Checkout first.',
  deleteWhilePaid: 'Your team has an active team plan. Cancel it in the billing portal and wait until it ends before deleting the team.',
  seatsChanged: (seats: number) => `Seats changed to ${seats}. The pool gets the new allowance when the next billing period is paid.`,
  // The card on /team
  cardTitle: 'Team plan',
  noPlanYet: 'No team plan yet. The pool gets seats × the plan’s monthly credits each paid month, with no rollover.',
  checkout: 'Start team plan',
  changeSeats: 'Change seats',
  manage: 'Manage billing',
  seatsLabel: 'Seats',
  planLabel: 'Plan',
  poolLabel: 'Pool credits',
  statusLabel: 'Status',
  renewsLabel: 'Next renewal',
  cancelsLabel: 'Cancels on',
  perPeriodLabel: 'Each paid month',
} as const;
