import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscribeFormProps } from '../../components/layouts/layout-slots.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { showToast } from '../../components/toast/toast-context.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { subscribe } from './site-api.ts';

/**
 * The mailing-list form of the footer and the home page (POST subscription of docs/product.md, API calls; messages of Errors): the server's
 * message on failure, else "Subscription error.". A plain form (no form library): it is on every public page.
 */
export function SubscribeForm({ idPrefix, tone }: SubscribeFormProps) {
  const { t, i18n } = useTranslation('public-site');
  const showErrorToast = useErrorToast();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const inputId = `${idPrefix}-${useId()}`;
  const mutation = useMutation({
    mutationFn: subscribe,
    onSuccess: () => {
      setDone(true);
      setEmail('');
      showToast({ kind: 'success', message: t('subscribe.success') });
    },
    onError: (error) => showErrorToast(error, t('subscribe.error')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), language: currentLocale(i18n) });
  };
  const dark = tone === 'dark';
  return (
    <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap" aria-label={t('subscribe.submit')}>
      <label htmlFor={inputId} className="sr-only">
        {t('subscribe.label')}
      </label>
      <input
        id={inputId}
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setDone(false);
        }}
        placeholder={t('subscribe.placeholder')}
        className={`min-w-0 flex-1 rounded-md px-3 py-2 text-sm ring-1 ring-inset focus:ring-2 focus:ring-brand-500 ${dark ? 'bg-white/10 text-white placeholder:text-slate-400 ring-white/20' : 'bg-white text-slate-900 placeholder:text-slate-500 ring-slate-300'}`}
      />
      <button
        type="submit"
        disabled={mutation.isPending}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {t('subscribe.submit')}
      </button>
      {done ? (
        <p role="status" className={`text-sm sm:basis-full ${dark ? 'text-brand-200' : 'text-brand-800'}`}>
          {t('subscribe.success')}
        </p>
      ) : null}
    </form>
  );
}
