import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitlistJoinSchema } from '@goodtable/shared';
import { EmailField } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { joinWaitlist } from './share-api.ts';

/** A sold-out event's waiting list: an email address, told by email when seats come back. */
export function WaitlistForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation('share');
  const [joined, setJoined] = useState(false);
  const form = useZodForm({ schema: waitlistJoinSchema, defaultValues: { email: '' } });
  const join = useFormMutation({ form, mutationFn: (input: { email: string }) => joinWaitlist(eventId, input.email), onSuccess: () => setJoined(true), errorMessage: t('waitlist.error') });
  if (joined) return <p role="status" className="mt-4 text-sm text-emerald-800">{t('waitlist.joined')}</p>;
  return (
    <form noValidate className="mt-4 space-y-3" aria-label={t('waitlist.title')} onSubmit={form.form.handleSubmit((input) => join.mutate(input))}>
      <p className="text-sm text-slate-700">{t('waitlist.text')}</p>
      <EmailField form={form} label={t('waitlist.email')} />
      <SubmitButton pending={join.isPending}>{t('waitlist.submit')}</SubmitButton>
    </form>
  );
}
