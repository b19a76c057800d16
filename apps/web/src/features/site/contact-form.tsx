import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_TOPICS, contactMessageInputSchema } from '@goodtable/shared';
import { BoundTextField, EmailField } from '../../components/form/form-fields.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useValuesTypedBeforeHydration } from '../../components/form/use-values-typed-before-hydration.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { UntilHydrated } from '../../components/until-hydrated.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { sendContactMessage } from './site-api.ts';

const emptyMessage = { name: '', email: '', topic: '', message: '', website: '' };

/**
 * The form of /contact: a message to support (stored, emailed to SUPPORT_EMAIL, confirmed to the sender). Signed-in users find
 * their name and email filled in. `website` is the honeypot: hidden from people and assistive technology.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation('public-site');
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const form = useZodForm({
    schema: contactMessageInputSchema,
    defaultValues: emptyMessage,
    values: user ? { ...emptyMessage, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : undefined,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration({ formRef, form });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useFormMutation({
    form,
    mutationFn: sendContactMessage,
    onSuccess: (_result, input) => setSentTo(input.email),
    errorMessage: t('contact.error'),
  });
  const topicId = useId();
  const messageId = useId();
  const honeypotId = useId();
  const topicError = form.errorOf('topic');
  const messageError = form.errorOf('message');

  return (
    <>
      {sentTo ? (
        <div role="status" className="mt-10 rounded-xl bg-brand-50 p-6">
          <h2 className="text-xl font-semibold text-brand-900">{t('contact.sentHeading')}</h2>
          <p className="mt-2 text-brand-900">{t('contact.sentText', { email: sentTo })}</p>
          <button
            type="button"
            className="mt-4 text-sm font-semibold text-brand-800 underline"
            onClick={() => {
              form.form.reset();
              setSentTo(null);
            }}
          >
            {t('contact.sendAnother')}
          </button>
        </div>
      ) : (
        <form
          ref={formRef}
          noValidate
          className="mt-10 space-y-5"
          onSubmit={form.form.handleSubmit((input) => mutation.mutate({ ...input, language: currentLocale(i18n) }))}
        >
          <BoundTextField form={form} name="name" label={t('contact.name')} autoComplete="name" />
          <EmailField form={form} label={t('contact.email')} />
          <div>
            <label htmlFor={topicId} className="block text-sm font-medium text-slate-700">
              {t('contact.topic')}
            </label>
            <select
              id={topicId}
              name="topic"
              value={form.values.topic}
              onChange={(event) => form.setValue('topic', event.target.value)}
              aria-invalid={topicError ? true : undefined}
              aria-describedby={topicError ? `${topicId}-error` : undefined}
              className={`mt-1 ${inputClassName} ${topicError ? 'border-red-400' : 'border-slate-300'}`}
            >
              <option value="">{t('contact.topicPlaceholder')}</option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topics.${topic}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${topicId}-error`} message={topicError} />
          </div>
          <div>
            <label htmlFor={messageId} className="block text-sm font-medium text-slate-700">
              {t('contact.message')}
            </label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              value={form.values.message}
              onChange={(event) => form.setValue('message', event.target.value)}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={`${messageId}-${messageError ? 'error' : 'hint'}`}
              className={`mt-1 ${inputClassName} ${messageError ? 'border-red-400' : 'border-slate-300'}`}
            />
            {messageError ? null : (
              <p id={`${messageId}-hint`} className="mt-1 text-xs text-slate-500">
                {t('contact.messageHint')}
              </p>
            )}
            <FieldError id={`${messageId}-error`} message={messageError} />
          </div>
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={honeypotId}>{t('contact.honeypot')}</label>
            <input id={honeypotId} name="website" tabIndex={-1} autoComplete="off" value={form.values.website} onChange={(event) => form.setValue('website', event.target.value)} />
          </div>
          {/* Disabled until the form has hydrated: a press before then would post the page itself. */}
          <UntilHydrated>
            <SubmitButton pending={mutation.isPending}>{t('contact.submit')}</SubmitButton>
          </UntilHydrated>
        </form>
      )}
    </>
  );
}
