/** What the settings feature offers the server's other features (the layering lint rule lets them import only this). */
export { createSettingsRepository } from './settings-repository';
