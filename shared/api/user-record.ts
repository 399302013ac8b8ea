import type { UserRecord } from '../schemas';
import { ApiError, type ApiClient } from './client';

/**
 * The signed-in user's backend record (docs/product.md#client-behaviour): a missing record (404) is created with
 * POST /api/user, then fetched again. Portal and widget both start from it.
 */
export async function getOrCreateUser(
  api: Pick<ApiClient, 'getUser' | 'createUser'>,
  user: { uid: string; email: string },
): Promise<UserRecord> {
  try {
    return await api.getUser(user.uid);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  await api.createUser({ firebaseUid: user.uid, email: user.email });
  return api.getUser(user.uid);
}
