import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Checkbox,
  Field,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { savePhoneRequestSchema, type SavePhoneRequest } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { queryKeys } from '@shared/api/queries/keys';
import { phoneQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { ErrorBar } from '../../components/ErrorBar';
import { TextField } from '@shared/ui/form-fields';
import { useNotify } from '../../components/notify';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  submit: { alignSelf: 'flex-start' },
});

/** The form holds an unticked box; the shared schema only accepts `consent: true`. */
interface PhoneForm {
  phoneNumber: string;
  consent: boolean;
}
const resolver = zodResolver(savePhoneRequestSchema) as unknown as Resolver<PhoneForm, unknown, SavePhoneRequest>;

/** Practice calls (docs/product.md#practice-calls): the number the practice call rings, with the user's consent; stored as E.164 by the server. */
export function PhoneNumberCard() {
  const styles = useStyles();
  const { api, config } = useServices();
  const { uid } = useSignedInUser();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const phone = useQuery(phoneQuery(api, uid));
  const saved = phone.data?.phoneNumber ?? null;

  const form = useForm<PhoneForm, unknown, SavePhoneRequest>({ resolver, defaultValues: { phoneNumber: '', consent: false } });
  const { reset, setError } = form;
  useEffect(() => {
    if (phone.data) reset({ phoneNumber: phone.data.phoneNumber ?? '', consent: false });
  }, [phone.data, reset]);

  const save = useMutation({
    mutationFn: (values: SavePhoneRequest) => api.savePhone(values),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.phone(uid), res);
      notify({
        title: 'Phone number saved',
        body: res.phoneNumber ? `Practice calls will ring ${res.phoneNumber}.` : undefined,
        intent: 'success',
      });
    },
    onError: (err) => {
      // The server's reason (e.g. a number it cannot parse) belongs on the field.
      if (err instanceof ApiError && err.status === 400) setError('phoneNumber', { message: err.serverMessage ?? err.body });
      else notify({ title: 'Error', body: errorText(err), intent: 'error' });
    },
  });

  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Subtitle2 as="h2">Phone Number for Practice Calls</Subtitle2>}
        description={
          <Caption1>
            The AI practice call rings this number.
            {config.practice.phoneEnabled ? '' : ' Phone calls are not set up on this server yet; browser practice works without a number.'}
          </Caption1>
        }
      />
      {phone.isPending ? (
        <Spinner size="tiny" label="Loading your phone number..." />
      ) : phone.isError ? (
        <ErrorBar title="Your phone number could not be loaded" action={<Button onClick={() => void phone.refetch()}>Try again</Button>}>
          {errorText(phone.error)}
        </ErrorBar>
      ) : (
        <>
          <Body1 data-testid="saved-phone">
            {saved ? (
              <>
                Saved number: <strong>{saved}</strong>
              </>
            ) : (
              'No phone number saved yet.'
            )}
          </Body1>
          <form className={styles.form} noValidate aria-label="Phone number" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
            <TextField
              control={form.control}
              name="phoneNumber"
              label="Phone number"
              hint="With the country code, e.g. +1 415 555 0100"
              required
              type="tel"
              autoComplete="tel"
            />
            <Controller
              control={form.control}
              name="consent"
              render={({ field, fieldState }) => (
                <Field validationMessage={fieldState.error?.message} required>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onChange={(_e, d) => field.onChange(d.checked === true)}
                    label="I agree that Icebreak & Enrich may call this number for my practice calls."
                  />
                </Field>
              )}
            />
            <Button className={styles.submit} appearance="primary" type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Phone Number'}
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}
