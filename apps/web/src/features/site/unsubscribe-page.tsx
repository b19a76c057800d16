import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { isApiRequestError } from '../../lib/api-error.ts';
import { unsubscribe } from './site-api.ts';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';

/** /unsubscribe?token=…: the mailing-list emails' one-click link; unsubscribes as soon as it opens. */
export function UnsubscribePage() {
  const { t } = useTranslation('public-site');
  usePublicPageMeta('unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: unsubscribe });
  const started = useRef(false);
  useEffect(() => {
    // A link without its token cannot unsubscribe anyone: say so without asking the server (which would refuse it).
    if (started.current || !token) return;
    started.current = true;
    mutation.mutate(token);
  }, [mutation, token]);
  const invalid = !token || (mutation.isError && isApiRequestError(mutation.error) && [400, 404].includes(mutation.error.statusCode));

  return (
    <SiteLayout>
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('unsubscribe.heading')}</h1>
        <p role="status" className="mt-6 text-lg text-slate-700">
          {mutation.isSuccess ? t('unsubscribe.done') : invalid ? t('unsubscribe.invalid') : mutation.isError ? t('unsubscribe.error') : t('unsubscribe.working')}
        </p>
        {mutation.isError && !invalid ? (
          <button type="button" onClick={() => mutation.mutate(token)} className="mt-6 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('unsubscribe.retry')}
          </button>
        ) : null}
        <p className="mt-8">
          <Link to="/" className="text-sm font-semibold text-brand-800 hover:text-brand-900">
            {t('unsubscribe.home')}
          </Link>
        </p>
      </div>
    </SiteLayout>
  );
}
