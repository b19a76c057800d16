import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_RESTAURANT_PHOTOS, RESTAURANT_PHOTO_TYPES, type RestaurantPhoto, type RestaurantProfile } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { deleteRestaurantPhoto, restaurantProfileQuery, uploadRestaurantPhoto } from './restaurant-profile-api.ts';
import { photoProblem, uploadErrorKey } from './photo-check.ts';

type PendingUpload = { key: string; name: string; previewUrl: string };

/** Photos: upload (JPEG, PNG or WebP up to 5 MB) with previews while they upload, errors per file, removal. */
export function PhotoManager({ profile }: { profile: RestaurantProfile }) {
  const { t } = useTranslation('restaurants');
  const queryClient = useQueryClient();
  const showErrorToast = useErrorToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const room = MAX_RESTAURANT_PHOTOS - profile.photos.length - pending.length;

  const updatePhotos = (change: (photos: RestaurantPhoto[]) => RestaurantPhoto[]) => {
    queryClient.setQueryData(restaurantProfileQuery(profile.id).queryKey, (current) => (current ? { ...current, photos: change(current.photos) } : current));
  };

  const upload = async (files: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) problems.push(t('photos.fileError', { name: file.name, problem: t(problem) }));
      else if (accepted.length < room) accepted.push(file);
      else problems.push(t('photos.fileError', { name: file.name, problem: t('photos.tooMany', { max: MAX_RESTAURANT_PHOTOS }) }));
    }
    setErrors(problems);
    await Promise.all(
      accepted.map(async (file, index) => {
        const item = { key: `${Date.now()}-${index}`, name: file.name, previewUrl: URL.createObjectURL(file) };
        setPending((current) => [...current, item]);
        try {
          const photo = await uploadRestaurantPhoto(profile.id, file);
          updatePhotos((photos) => [...photos, photo]);
        } catch (error) {
          const code = isApiRequestError(error) ? error.body.code : undefined;
          setErrors((current) => [...current, t('photos.fileError', { name: file.name, problem: t(uploadErrorKey(code), { max: MAX_RESTAURANT_PHOTOS }) })]);
        } finally {
          setPending((current) => current.filter((entry) => entry.key !== item.key));
          URL.revokeObjectURL(item.previewUrl);
        }
      }),
    );
    void queryClient.invalidateQueries({ queryKey: restaurantProfileQuery(profile.id).queryKey });
  };

  const remove = async (photo: RestaurantPhoto) => {
    setRemoving(photo.id);
    try {
      await deleteRestaurantPhoto(profile.id, photo.id);
      updatePhotos((photos) => photos.filter((entry) => entry.id !== photo.id));
    } catch (error) {
      showErrorToast(error, t('photos.removeError'));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('photos.listLabel')}>
        {profile.photos.map((photo, index) => (
          <li key={photo.id} className="group relative overflow-hidden rounded-lg border border-slate-200">
            <img src={photo.thumbnail_url} alt={t('photos.alt', { number: index + 1 })} className="aspect-[4/3] w-full object-cover" />
            {index === 0 ? <span className="absolute top-2 left-2 rounded bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-800">{t('photos.cover')}</span> : null}
            <button
              type="button"
              onClick={() => void remove(photo)}
              disabled={removing === photo.id}
              className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded bg-white/95 px-2 py-1 text-xs font-semibold text-red-700 shadow hover:bg-red-50 disabled:opacity-60"
            >
              {removing === photo.id ? <Spinner className="size-3" /> : null}
              {t('photos.remove', { number: index + 1 })}
            </button>
          </li>
        ))}
        {pending.map((upload) => (
          <li key={upload.key} className="relative overflow-hidden rounded-lg border border-slate-200" aria-busy="true">
            <img src={upload.previewUrl} alt={t('photos.uploadingAlt', { name: upload.name })} className="aspect-[4/3] w-full object-cover opacity-60" />
            <span className="absolute inset-0 flex items-center justify-center text-brand-800">
              <Spinner className="size-6" />
              <span className="sr-only">{t('photos.uploading', { name: upload.name })}</span>
            </span>
          </li>
        ))}
      </ul>
      {profile.photos.length === 0 && pending.length === 0 ? <p className="text-sm text-slate-600">{t('photos.none')}</p> : null}
      <div className="mt-4">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {t('photos.add')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={RESTAURANT_PHOTO_TYPES.join(',')}
          disabled={room <= 0}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (input.current) input.current.value = '';
            if (files.length > 0) void upload(files);
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100 disabled:opacity-60"
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {t('photos.hint', { max: MAX_RESTAURANT_PHOTOS })}
        </p>
        {errors.length > 0 ? (
          <ul role="alert" className="mt-2 space-y-1 text-sm text-red-600">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
