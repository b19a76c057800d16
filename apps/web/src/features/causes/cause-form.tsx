import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_LOGO_TYPES, causeInputSchema, type Cause, type CauseInput } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { causeKeys, createCause, removeCauseLogo, updateCause, uploadCauseLogo } from './causes-api.ts';
import { slugFromName } from './cause-selection.ts';
import { useCountryOptions } from '../../components/form/country-options.ts';
import { useCategoryOptions } from './cause-options.ts';
import { logoProblem } from './logo-check.ts';

type LogoChange = { kind: 'keep' } | { kind: 'replace'; file: File; previewUrl: string } | { kind: 'remove' };

/** Create (no `cause`) or edit a cause: the fields of docs/product.md, Screens and routes and the logo. */
export function CauseForm({ cause, onSaved }: { cause?: Cause; onSaved: (cause: Cause) => void }) {
  const { t } = useTranslation('causes');
  const categoryOptions = useCategoryOptions();
  const countries = useCountryOptions();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const ids = { story: useId(), logo: useId(), published: useId() };
  const [slugEdited, setSlugEdited] = useState(Boolean(cause));
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | undefined>();

  const form = useZodForm({
    schema: causeInputSchema,
    defaultValues: {
      name: cause?.name ?? '',
      slug: cause?.slug ?? '',
      category: cause?.category ?? '',
      story: cause?.story ?? '',
      website: cause?.website ?? '',
      charity_registration_number: cause?.charity_registration_number ?? '',
      country: cause?.country ?? '',
      published: cause?.published ?? false,
    },
  });

  useEffect(() => () => {
    if (logo.kind === 'replace') URL.revokeObjectURL(logo.previewUrl);
  }, [logo]);

  const mutation = useFormMutation({
    form,
    mutationFn: async (input: CauseInput) => {
      let saved = cause ? await updateCause(cause.id, input) : await createCause(input);
      try {
        if (logo.kind === 'replace') saved = await uploadCauseLogo(saved.id, logo.file);
        if (logo.kind === 'remove' && saved.logo) saved = await removeCauseLogo(saved.id);
      } catch (error) {
        return { saved, logoFailure: error };
      }
      return { saved, logoFailure: undefined };
    },
    onSuccess: async ({ saved, logoFailure }) => {
      await queryClient.invalidateQueries({ queryKey: causeKeys.all });
      if (logoFailure) {
        const code = isApiRequestError(logoFailure) ? logoFailure.body.code : undefined;
        showErrorToast(logoFailure, t(code === 'uploads.tooLarge' ? 'form.logoTooLarge' : code === 'uploads.unsupportedType' ? 'form.logoWrongType' : 'form.logoError'));
      } else {
        showToast({ kind: 'success', message: t(cause ? 'form.saved' : 'form.created') });
      }
      setLogo({ kind: 'keep' });
      onSaved(saved);
    },
    errorMessage: t(cause ? 'form.saveError' : 'form.createError'),
  });

  const logoPreview = logo.kind === 'replace' ? logo.previewUrl : logo.kind === 'remove' ? null : (cause?.logo ?? null);
  const publicUrl = `${window.location.origin}/cause/${form.values.slug || '…'}`;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.form.handleSubmit((input) => {
        if (!logoError) mutation.mutate(input);
      })}
    >
      <TextField
        label={t('form.name')}
        name="name"
        value={form.values.name}
        onChange={(value) => {
          form.setValue('name', value);
          if (!slugEdited) form.setValue('slug', slugFromName(value));
        }}
        error={form.errorOf('name')}
      />
      <TextField
        label={t('form.slug')}
        name="slug"
        value={form.values.slug}
        onChange={(value) => {
          setSlugEdited(true);
          form.setValue('slug', value);
        }}
        hint={t('form.slugHint', { url: publicUrl })}
        error={form.errorOf('slug')}
      />
      <SelectionList
        label={t('form.category')}
        name="category"
        options={categoryOptions}
        value={form.values.category || null}
        onChange={(value) => form.setValue('category', value)}
        placeholder={t('form.categoryPlaceholder')}
        error={form.errorOf('category')}
      />
      <div>
        <label htmlFor={ids.story} className="block text-sm font-medium text-slate-700">
          {t('form.story')}
        </label>
        <textarea
          id={ids.story}
          name="story"
          rows={6}
          value={form.values.story}
          onChange={(event) => form.setValue('story', event.target.value)}
          aria-invalid={form.errorOf('story') ? true : undefined}
          aria-describedby={`${ids.story}-hint ${ids.story}-error`}
          className={`mt-1 ${inputClassName} ${form.errorOf('story') ? 'border-red-400' : 'border-slate-300'}`}
        />
        {!form.errorOf('story') ? (
          <p id={`${ids.story}-hint`} className="mt-1 text-xs text-slate-500">
            {t('form.storyHint')}
          </p>
        ) : null}
        <FieldError id={`${ids.story}-error`} message={form.errorOf('story')} />
      </div>
      <div>
        <span className="block text-sm font-medium text-slate-700">{t('form.logo')}</span>
        <div className="mt-2 flex items-center gap-4">
          {logoPreview ? (
            <img src={logoPreview} alt={t('form.logoPreview')} className="size-20 rounded-lg border border-slate-200 object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-20 items-center justify-center rounded-lg border border-dashed border-slate-300 text-2xl font-semibold text-slate-400">
              {form.values.name.charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <div className="flex flex-col items-start gap-2">
            <label htmlFor={ids.logo} className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600">
              {t('form.logoChoose')}
              <input
                id={ids.logo}
                type="file"
                name="logo"
                accept={CAUSE_LOGO_TYPES.join(',')}
                className="sr-only"
                aria-describedby={`${ids.logo}-hint ${ids.logo}-error`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  const problem = logoProblem(file);
                  setLogoError(problem ? t(problem) : undefined);
                  if (!problem) setLogo({ kind: 'replace', file, previewUrl: URL.createObjectURL(file) });
                }}
              />
            </label>
            {logoPreview ? (
              <button
                type="button"
                className="text-sm font-medium text-slate-600 underline hover:text-slate-900"
                onClick={() => {
                  setLogoError(undefined);
                  setLogo(cause?.logo ? { kind: 'remove' } : { kind: 'keep' });
                }}
              >
                {t('form.logoRemove')}
              </button>
            ) : null}
          </div>
        </div>
        <p id={`${ids.logo}-hint`} className="mt-1 text-xs text-slate-500">
          {t('form.logoHint')}
        </p>
        <FieldError id={`${ids.logo}-error`} message={logoError} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.website')}
          name="website"
          type="url"
          inputMode="url"
          placeholder={t('form.websitePlaceholder')}
          value={form.values.website}
          onChange={(value) => form.setValue('website', value)}
          error={form.errorOf('website')}
        />
        <TextField
          label={t('form.registration')}
          name="charity_registration_number"
          value={form.values.charity_registration_number}
          onChange={(value) => form.setValue('charity_registration_number', value)}
          error={form.errorOf('charity_registration_number')}
        />
      </div>
      <SelectionList
        label={t('form.country')}
        name="country"
        options={countries.options}
        value={form.values.country || null}
        onChange={(value) => form.setValue('country', value)}
        placeholder={t('form.countryPlaceholder')}
        error={form.errorOf('country') ?? (countries.isError ? t('form.countriesError') : undefined)}
      />
      <div className="flex items-start gap-3">
        <input
          id={ids.published}
          type="checkbox"
          name="published"
          checked={form.values.published}
          onChange={(event) => form.setValue('published', event.target.checked)}
          aria-describedby={`${ids.published}-hint`}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <div>
          <label htmlFor={ids.published} className="text-sm font-medium text-slate-800">
            {t('form.published')}
          </label>
          <p id={`${ids.published}-hint`} className="text-xs text-slate-500">
            {t('form.publishedHint')}
          </p>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-6">
        <SubmitButton pending={mutation.isPending}>{t(cause ? 'form.save' : 'form.create')}</SubmitButton>
      </div>
    </form>
  );
}
