import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Me } from '@goodtable/shared';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { draftCountQuery } from './bookings-api.ts';

/**
 * docs/product.md, Roles and permissions: a client sees the drafts archive link only with at least one draft (`status=DRAFT&limit=1` →
 * `totalResults`); a failing check shows "Get Events Draft error!" (docs/product.md, Errors) (or the server's message).
 */
export function DraftsArchiveLink({ user, className }: { user: Me; className?: string }) {
  const { t } = useTranslation('bookings');
  const showErrorToast = useErrorToast();
  const isClient = user.role === 'user';
  const drafts = useQuery({ ...draftCountQuery(user.id), enabled: isClient });
  const failed = drafts.isError;
  const error = drafts.error;
  useEffect(() => {
    if (failed) showErrorToast(error, t('drafts.error'));
  }, [failed, error, showErrorToast, t]);

  if (!isClient || !drafts.data) return null;
  return (
    <Link to="/bookings?status=DRAFT" className={className}>
      {t('drafts.link', { count: drafts.data })}
    </Link>
  );
}
