/** What the settings feature offers the server's other features (the layering lint rule lets them import only this). */
import type { Request } from 'express';
import type { SettingsDataResponse } from '@shared/schemas/settings';
import type { UserRow } from '../users';

export { createSettingsRepository } from './settings-repository';

/** The caller's user record with their enrichment settings, in one query (what the writers need first); 404 without a record. */
export type CurrentUserWithSettings = (req: Request) => Promise<{ user: UserRow; settings: SettingsDataResponse }>;
