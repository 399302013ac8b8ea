import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useNotify } from '../../components/notify';
import { errorText } from '../../lib/errors';
import { queryKeys } from '@shared/api/queries/keys';

/** A change to the team: on success a toast and a fresh team (and invitations); on failure the server's reason in a toast. */
export function useTeamAction<A>(run: (arg: A) => Promise<unknown>, success: (arg: A) => string, failure: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { uid } = useSignedInUser();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_data, arg) => {
      notify({ title: success(arg), intent: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.team(uid) });
    },
    onError: (err) => notify({ title: failure, body: errorText(err), intent: 'error' }),
  });
}
