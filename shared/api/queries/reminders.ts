import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { queryKeys } from './keys';

/** The caller's practice-reminder preferences; saving them writes the answer back here. */
export const reminderPreferencesQuery = (api: Pick<ApiClient, 'getReminderPreferences'>, uid: string) =>
  queryOptions({ queryKey: queryKeys.reminderPreferences(uid), queryFn: () => api.getReminderPreferences() });
