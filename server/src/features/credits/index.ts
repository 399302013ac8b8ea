/** What the credits feature offers the server's other features (the layering lint rule lets them import only this). */
export type { BalanceFields, CreditsService, DebitResult, RefundResult, TeamDebitResult, WorkRow } from './credits-service';
export { poolSpentSince, workRow } from './credits-service';
