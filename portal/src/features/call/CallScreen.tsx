import { Body1, Button, Card, CardHeader, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Call24Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@shared/api/client';
import { PRACTICE_CALL_PHONE_NUMBER } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { outboundCallResponseSchema } from '@shared/schemas';
import { useServices } from '../../core/services';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';

const useStyles = makeStyles({
  card: { maxWidth: '560px' },
  number: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
});

/** The server may answer a non-ok status with its JSON `{ success: false, error }`. */
function failureFromBody(err: ApiError): string | undefined {
  try {
    const parsed = outboundCallResponseSchema.safeParse(JSON.parse(err.body));
    if (parsed.success && !parsed.data.success) return parsed.data.error ?? M.callFailedFallback;
  } catch {
    return undefined;
  }
  return undefined;
}

export function CallScreen() {
  const styles = useStyles();
  const { api } = useServices();
  const notify = useNotify();
  const call = useMutation({
    mutationFn: () => api.startOutboundCall({ phoneNumber: PRACTICE_CALL_PHONE_NUMBER }),
    onSuccess: (res) => {
      if (res.success) notify({ title: M.callInitiated, body: M.callInitiatedBody, intent: 'success' });
      else notify({ title: M.callFailed, body: res.error || M.callFailedFallback, intent: 'error' });
    },
    onError: (err) => {
      if (err instanceof SyntaxError) return notify({ title: 'Error', body: M.callNonJson, intent: 'error' });
      if (err instanceof ApiError) {
        const failure = failureFromBody(err);
        if (failure) return notify({ title: M.callFailed, body: failure, intent: 'error' });
        return notify({ title: 'Error', body: err.serverMessage ?? err.message, intent: 'error' });
      }
      notify({ title: 'Error', body: err.message || M.callConnectFailed, intent: 'error' });
    },
  });
  return (
    <>
      <PageHeader title="Practice Call" />
      <Card className={styles.card}>
        <CardHeader image={<Call24Regular />} header={<Subtitle1 as="h2">Start an AI Practice Call Here</Subtitle1>} />
        <Body1>Start a call with a random conversation practice scenario</Body1>
        <Body1>
          Practice line: <Text className={styles.number}>{PRACTICE_CALL_PHONE_NUMBER}</Text>
        </Body1>
        <Button appearance="primary" disabled={call.isPending} onClick={() => call.mutate()}>
          {call.isPending ? 'Initiating Call...' : 'Start Practice Call'}
        </Button>
      </Card>
    </>
  );
}
