/** What the enrich feature offers the server's other features (the layering lint rule lets them import only this). */
export { createEnrichPendingRepository } from './enrich-pending-repository';
