import { makeStyles, tokens } from '@fluentui/react-components';
import { useAuth } from '../../auth/AuthProvider';
import { PageHeader } from '../../components/PageHeader';
import { PhoneNumberCard } from './PhoneNumberCard';
import { RemindersCard } from './RemindersCard';
import { DeleteAccountCard, ExportCard } from './DataCard';
import { PasswordCard } from './PasswordCard';
import { OutputLanguageCard } from './OutputLanguageCard';
import { PlanCard } from './PlanCard';
import { ProfileCard } from './ProfileCard';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** The account page (docs/product.md#settings-and-account): one card per section, in the order people look for them. */
export function SettingsScreen() {
  const styles = useStyles();
  const { changePassword } = useAuth();
  return (
    <div className={styles.stack}>
      <PageHeader title="Settings" />
      <ProfileCard />
      <PlanCard />
      <OutputLanguageCard />
      {/* Features' own cards mount here, one line each. */}
      <PhoneNumberCard />
      <RemindersCard />
      <PasswordCard changePassword={changePassword} />
      <ExportCard />
      <DeleteAccountCard />
    </div>
  );
}
