import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RestaurantProfile } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { meQueryKey } from '../../lib/session.ts';
import { restaurantKeys } from './restaurants-api.ts';
import { restaurantProfileQuery, setRestaurantPublished } from './restaurant-profile-api.ts';

/** Published or draft, what publishing still needs, and the switch between them. */
export function PublishPanel({ profile }: { profile: RestaurantProfile }) {
  const { t } = useTranslation('restaurants');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const missing = profile.missing_for_publish;

  const mutation = useMutation({
    mutationFn: (published: boolean) => setRestaurantPublished(profile.id, published),
    onSuccess: (saved) => {
      queryClient.setQueryData(restaurantProfileQuery(profile.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: restaurantKeys.directories });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      showToast({ kind: 'success', message: t(saved.published ? 'publish.publishedToast' : 'publish.unpublishedToast') });
    },
    onError: (error) => showErrorToast(error, t('publish.error')),
  });

  return (
    <section aria-labelledby="publish-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="publish-heading" className="text-lg font-semibold text-slate-900">
            {t('publish.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            <span className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${profile.published ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'}`}>
              {profile.published ? t('publish.published') : t('publish.draft')}
            </span>
            {profile.published ? t('publish.publishedText') : t('publish.draftText')}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {profile.published && profile.slug ? (
            <Link to={`/${profile.slug}`} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
              {t('publish.viewPage')}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => mutation.mutate(!profile.published)}
            disabled={mutation.isPending || (!profile.published && missing.length > 0)}
            aria-describedby={!profile.published && missing.length > 0 ? 'publish-missing' : undefined}
            className={`inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${
              profile.published ? 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50' : 'bg-brand-700 text-white hover:bg-brand-800'
            }`}
          >
            {mutation.isPending ? <Spinner /> : null}
            {profile.published ? t('publish.unpublish') : t('publish.publish')}
          </button>
        </div>
      </div>
      {!profile.published && missing.length > 0 ? (
        <div id="publish-missing" className="mt-4">
          <p className="text-sm font-medium text-slate-800">{t('publish.missingHeading')}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {missing.map((field) => (
              <li key={field} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                {t(`publish.missing.${field}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
