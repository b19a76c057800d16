import { useState } from 'react';
import { Navigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { inviteTeamMemberSchema, type Me, type TeamMember } from '@goodtable/shared';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { EmailField, NameFields } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../lib/session.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { dangerButtonClassName, secondaryButtonClassName } from './account-styles.ts';
import { inviteTeamMember, removeTeamMember, teamMembersQuery } from './accounts-api.ts';

function TeamMembers({ manager }: { manager: Me }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const members = useQuery(teamMembersQuery(manager.id));
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const remove = useMutation({
    mutationFn: (memberId: string) => removeTeamMember(manager.id, memberId),
    onSuccess: async () => {
      setRemoving(null);
      showToast({ kind: 'success', message: t('subManager.removed') });
      await queryClient.invalidateQueries({ queryKey: teamMembersQuery(manager.id).queryKey });
    },
    onError: (error) => showErrorToast(error, t('subManager.removeError')),
  });

  return (
    <SectionCard headingId="team-heading" title={t('subManager.membersHeading')}>
      {members.isPending ? <Spinner /> : null}
      {members.isError ? <p className="text-sm text-red-700">{t('subManager.loadError')}</p> : null}
      {members.data?.length === 0 ? <p className="text-sm text-slate-500">{t('subManager.empty')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {members.data?.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-800">
                {member.first_name} {member.last_name}
              </p>
              <p className="text-slate-500">
                {member.email} · {member.joined ? t('subManager.joined') : t('subManager.invitedStatus')}
              </p>
            </div>
            <button type="button" className={secondaryButtonClassName} onClick={() => setRemoving(member)}>
              {t('subManager.remove')}
            </button>
          </li>
        ))}
      </ul>
      <ModalDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('subManager.removeConfirmTitle', { name: removing ? `${removing.first_name} ${removing.last_name}` : '' })}
        text={t('subManager.removeConfirmText')}
        actions={
          <>
            <button type="button" className={secondaryButtonClassName} onClick={() => setRemoving(null)}>
              {t('security.cancel')}
            </button>
            <button type="button" className={dangerButtonClassName} disabled={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>
              {remove.isPending ? <Spinner /> : null}
              {t('subManager.remove')}
            </button>
          </>
        }
      />
    </SectionCard>
  );
}

function InviteForm({ manager }: { manager: Me }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const empty = { email: '', first_name: '', last_name: '' };
  const form = useZodForm({ schema: inviteTeamMemberSchema, defaultValues: empty });
  const { showToast } = useToast();
  const mutation = useFormMutation({
    form,
    mutationFn: (input: Parameters<typeof inviteTeamMember>[1]) => inviteTeamMember(manager.id, input),
    onSuccess: async (_result, input) => {
      form.form.reset(empty);
      showToast({ kind: 'success', message: t('subManager.invited', { email: input.email }) });
      await queryClient.invalidateQueries({ queryKey: teamMembersQuery(manager.id).queryKey });
    },
    errorMessage: t('subManager.error'),
  });
  return (
    <SectionCard headingId="invite-heading" title={t('subManager.inviteHeading')}>
      <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
        {/* About the invited member, not the signed-in manager: no autofill. */}
        <NameFields form={form} firstNameLabel={t('fields.firstName')} lastNameLabel={t('fields.lastName')} autoComplete={false} />
        <EmailField form={form} label={t('fields.email')} autoComplete={false} />
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending}>{t('subManager.submit')}</SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}

/** /sub-manager/add: a manager without a parent invites Additional Members (docs/product.md, Screens and routes); sub-managers get 404. */
export function SubManagerAddPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('subManager.pageTitle'));
  const session = useSession();
  if (session.status !== 'signed-in') return <PageLoading />;
  if (session.user.fkUser !== null) return <Navigate to="/404" replace />;
  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('subManager.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('subManager.subtitle')}</p>
      </div>
      <div className="space-y-8">
        <InviteForm manager={session.user} />
        <TeamMembers manager={session.user} />
      </div>
    </SignedInLayout>
  );
}
