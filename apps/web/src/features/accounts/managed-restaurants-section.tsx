import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createManagedRestaurantSchema, restaurantAccessRequestSchema, type Me } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { BoundTextField } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { managedRestaurantsQuery } from '../../lib/managers-api.ts';
import { createManagedRestaurant, requestRestaurantAccess } from './accounts-api.ts';
import { setSelectedSpeaker, teamManagerIdOf } from '../../lib/speaker.ts';

function AddRestaurantForm({ managerId }: { managerId: string }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const empty = { name: '', first_name: '', last_name: '', email: '' };
  const form = useZodForm({ schema: createManagedRestaurantSchema, defaultValues: empty });
  const { showToast } = useToast();
  const mutation = useFormMutation({
    form,
    mutationFn: (input: Parameters<typeof createManagedRestaurant>[1]) => createManagedRestaurant(managerId, input),
    onSuccess: async () => {
      form.form.reset(empty);
      showToast({ kind: 'success', message: t('managedRestaurants.added') });
      await queryClient.invalidateQueries({ queryKey: ['managers', managerId] });
    },
    errorMessage: t('managedRestaurants.addError'),
  });
  return (
    <form
      noValidate
      aria-labelledby="add-restaurant-heading"
      className="space-y-4"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}
    >
      <h3 id="add-restaurant-heading" className="font-semibold text-slate-900">
        {t('managedRestaurants.addHeading')}
      </h3>
      <BoundTextField form={form} label={t('fields.restaurantName')} name="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundTextField form={form} label={t('fields.firstName')} name="first_name" />
        <BoundTextField form={form} label={t('fields.lastName')} name="last_name" />
      </div>
      <BoundTextField form={form} label={t('fields.email')} type="email" name="email" />
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{t('managedRestaurants.addSubmit')}</SubmitButton>
      </div>
    </form>
  );
}

function RequestAccessForm({ managerId }: { managerId: string }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const form = useZodForm({ schema: restaurantAccessRequestSchema, defaultValues: { email: '' } });
  const { showToast } = useToast();
  const mutation = useFormMutation({
    form,
    mutationFn: (email: string) => requestRestaurantAccess(managerId, email),
    onSuccess: async () => {
      form.form.reset({ email: '' });
      showToast({ kind: 'success', message: t('managedRestaurants.requested') });
      await queryClient.invalidateQueries({ queryKey: ['managers', managerId] });
    },
    errorMessage: t('managedRestaurants.requestError'),
  });
  return (
    <form
      noValidate
      aria-labelledby="request-access-heading"
      className="space-y-4"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input.email))}
    >
      <h3 id="request-access-heading" className="font-semibold text-slate-900">
        {t('managedRestaurants.requestHeading')}
      </h3>
      <BoundTextField form={form} label={t('managedRestaurants.requestEmail')} type="email" name="email" />
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{t('managedRestaurants.requestSubmit')}</SubmitButton>
      </div>
    </form>
  );
}

/** A manager's /account section: the restaurants its team runs, pending requests, and adding restaurants. */
export function ManagedRestaurantsSection({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const managerId = teamManagerIdOf(user);
  const active = useQuery(managedRestaurantsQuery(managerId));
  const pending = useQuery(managedRestaurantsQuery(managerId, 'pending'));

  return (
    <SectionCard headingId="managed-restaurants-heading" title={t('managedRestaurants.heading')} description={t('managedRestaurants.text')}>
      {active.isPending ? <Spinner /> : null}
      {active.isError ? <p className="text-sm text-red-700">{t('managedRestaurants.loadError')}</p> : null}
      {active.data?.data.length === 0 ? <p className="text-sm text-slate-500">{t('managedRestaurants.empty')}</p> : null}
      <ul className="divide-y divide-slate-100" aria-label={t('managedRestaurants.heading')}>
        {active.data?.data.map((restaurant) => (
          <li key={restaurant.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-800">{restaurant.name}</p>
              <p className="text-slate-500">{restaurant.email}</p>
            </div>
            <Link
              to={`/guests/${restaurant.id}/restaurant-profile`}
              onClick={() => setSelectedSpeaker(restaurant.id)}
              className="font-semibold text-brand-700 hover:text-brand-800"
            >
              {t('managedRestaurants.actFor')}
            </Link>
          </li>
        ))}
      </ul>
      {pending.data && pending.data.data.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-700">{t('managedRestaurants.pendingHeading')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-600">
            {pending.data.data.map((restaurant) => (
              <li key={restaurant.id}>
                {restaurant.name ?? restaurant.email} · {t('managedRestaurants.statusPending')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-8 grid gap-8 border-t border-slate-100 pt-6 lg:grid-cols-2">
        <AddRestaurantForm managerId={managerId} />
        <RequestAccessForm managerId={managerId} />
      </div>
    </SectionCard>
  );
}
