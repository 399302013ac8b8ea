import { Body1, Card } from '@fluentui/react-components';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';

/** Spec §2: call logs (their contents are not specified). */
export function CallLogsScreen() {
  return (
    <>
      <PageHeader title="Call Logs" subtitle="Your AI practice calls" />
      <Card>
        <Body1>Your practice call logs will appear here after your first call.</Body1>
        <RouterLink to="/call">Start a practice call</RouterLink>
      </Card>
    </>
  );
}
