/** What the practice feature offers the server's other features (the layering lint rule lets them import only this). */
export type { PracticeEngine } from './create-practice-engine';
export type { EndReason, SellerContext } from './prospect-engine';
export { SCENARIOS, pickScenario, scenarioById, toScenarioSummary } from './scenarios';
export type { Scenario } from './scenarios';
