import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@goodtable/shared';
import { primaryButtonClassName } from '../../components/button-styles.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session.ts';
import { bookingKeys } from '../bookings/bookings-api.ts';
import { ExtraStepChoice } from './extra-step-choice.tsx';
import { completePaymentAction, paymentQuery, rememberedTicketCheckout } from './payments-api.ts';

/**
 * Where the payer goes once the step is answered: the booking when paid, the payment page with the reason otherwise.
 * A guest's tickets: their tickets page when paid (the checkout the payment page remembered), else the event.
 */
function returnPath(payment: Payment): string {
  if (payment.type === 'CREDIT_CARD_TICKETS') {
    const checkout = rememberedTicketCheckout(payment.id);
    return payment.status === 'succeeded' && checkout ? `/tickets/${checkout}` : `/share/${payment.booking_id}`;
  }
  return payment.status === 'succeeded' ? `/bookings/${payment.booking_id}` : `/bookings/${payment.booking_id}/payment?payment=${encodeURIComponent(payment.id)}`;
}

function ExtraStep({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const payment = useQuery({ ...paymentQuery(paymentId), retry: false });
  const answer = useMutation({
    mutationFn: (outcome: 'approve' | 'fail') => completePaymentAction(paymentId, outcome),
    onSuccess: (updated) => {
      queryClient.setQueryData(paymentQuery(paymentId).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      if (updated.status === 'succeeded') showToast({ kind: 'success', message: t('paid') });
      void navigate(returnPath(updated), { replace: true });
    },
    onError: (error) => showErrorToast(error, t('intermediary.error')),
  });

  if (payment.error instanceof ApiRequestError && (payment.error.statusCode === 404 || payment.error.statusCode === 400)) return <NotFoundPage />;
  // Signed out on a payment that is not a guest's: sign in first.
  if (payment.error instanceof ApiRequestError && payment.error.statusCode === 401) {
    return (
      <p role="status">
        <Link to={`/sign-in?redirect=${encodeURIComponent(`/intermediary/${paymentId}`)}`} className="font-medium text-brand-800 underline">
          {t('intermediary.signIn')}
        </Link>
      </p>
    );
  }
  if (!payment.data) {
    return payment.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {t('loadError')}
      </p>
    ) : (
      <PageLoading />
    );
  }
  const { data } = payment;
  if (data.status !== 'requires_action') {
    return (
      <div className="space-y-4">
        <p role="status">{t('intermediary.done')}</p>
        <Link to={returnPath(data)} className={primaryButtonClassName}>
          {t('intermediary.continue')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ExtraStepChoice payment={data} pending={answer.isPending} onAnswer={(outcome) => answer.mutate(outcome)} />
    </div>
  );
}

/** `/intermediary/{payment id}`: the local provider's extra confirmation step (3-D Secure), then back to the booking. */
export function IntermediaryPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('intermediary.title'));
  const session = useSession();
  const { id } = useParams();
  return (
    <SiteLayout>
      <div className="mx-auto max-w-md space-y-4 px-4 py-12">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('intermediary.title')}</h1>
        {session.status === 'loading' ? <PageLoading /> : null}
        {/* A guest's ticket payment is answered signed out; any other asks to sign in (the API's 401). */}
        {session.status !== 'loading' && id ? <ExtraStep key={id} paymentId={id} /> : null}
      </div>
    </SiteLayout>
  );
}
