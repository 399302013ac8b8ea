import { Body1, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { useSignedInUser } from '../../auth/AuthProvider';
import { PageHeader } from '../../components/PageHeader';
import { PhoneNumberCard } from './PhoneNumberCard';
import { RemindersCard } from './RemindersCard';

/** Spec §2: the account's e-mail; issue 11 adds the practice-reminder opt-in. */
export function SettingsScreen() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Settings" />
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Account Information</Subtitle2>} />
        <Body1>
          Signed in as <strong>{user.email}</strong>
        </Body1>
      </Card>
      <PhoneNumberCard />
      <RemindersCard />
    </>
  );
}
