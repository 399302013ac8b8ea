/** What the icebreak feature offers the server's other features (the layering lint rule lets them import only this). */
export { createHistoryRepository } from './history-repository';
