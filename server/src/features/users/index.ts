/** What the users feature offers the server's other features (the layering lint rule lets them import only this). */
export type { UserRow } from './users-repository';
