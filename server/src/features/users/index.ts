/** What the users feature offers the server's other features (the layering lint rule lets them import only this). */
import type { Request } from 'express';
import type { UserRow } from './users-repository';

export type { UserRow, UsersRepository } from './users-repository';

/** The caller's own user record; 404 when registration never created it. */
export type CurrentUser = (req: Request) => Promise<UserRow>;
