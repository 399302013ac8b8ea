/** What the paid-work feature offers the server's other features (the layering lint rule lets them import only this). */
export { createPaidWorkService } from './paid-work-service';
export type { ChargedJob, Failure, FailureReason, PaidOrder, PaidOutcome, PaidWorkService } from './paid-work-service';
export { ownCredits } from './payer';
export type { Payer, PayingAccount } from './payer';
export { createStaleWorkSweeper } from './stale-work-sweeper';
export type { StaleWork, StaleWorkSweeper } from './stale-work-sweeper';
