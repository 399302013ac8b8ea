/** What the teams feature offers the server's other features (the layering lint rule lets them import only this). */
export { createTeamsRouter, type TeamsDeps } from './teams-routes';
export { assertNoOwnedTeam } from './account-guard';
export { teamPoolFirst } from './team-pool-payer';
export { membershipOf } from './membership-of';
export { requireMembership } from './team-access';
export type { Membership } from './teams-repository';
export { createOpenAssignmentsReader, type OpenAssignment } from './open-assignments';
