/** What the recovery feature offers the server's other features (the layering lint rule lets them import only this). */
export { createStaleWorkSweeper } from './stale-work-sweeper';
