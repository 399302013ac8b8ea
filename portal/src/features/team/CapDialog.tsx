import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import type { TeamMember } from '@shared/schemas';
import { setCapRequestSchema } from '@shared/schemas';

/**
 * Set a member's monthly cap on the team pool (docs/product.md#team-credits): empty means no cap.
 * Checked with the server's own schema before anything is sent.
 */
export function CapDialog({
  member,
  onClose,
  onSave,
}: {
  member: TeamMember;
  onClose: () => void;
  onSave: (monthlyCap: number | null) => void;
}) {
  const [value, setValue] = useState(member.monthlyCap === null || member.monthlyCap === undefined ? '' : String(member.monthlyCap));
  const [error, setError] = useState<string>();
  function save() {
    const text = value.trim();
    const parsed = setCapRequestSchema.safeParse({ monthlyCap: text === '' ? null : Number(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onSave(parsed.data.monthlyCap);
  }
  return (
    <Dialog open onOpenChange={(_e, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <DialogBody>
            <DialogTitle>Monthly cap for {member.name}</DialogTitle>
            <DialogContent>
              <Field
                label="Team pool credits a month"
                hint="Leave empty for no cap. Beyond the cap, their own credits pay."
                validationMessage={error}
              >
                <Input type="number" min={0} value={value} onChange={(_e, d) => setValue(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit">
                Save cap
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
