/** What the credits feature offers the server's other features (the layering lint rule lets them import only this). */
export type { CreditsService, WorkRow } from './credits-service';
export { workRow } from './credits-service';
