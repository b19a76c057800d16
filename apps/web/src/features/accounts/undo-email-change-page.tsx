import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { clearSession } from '../../lib/session.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { primaryButtonClassName, pageCardClassName } from './account-styles.ts';
import { undoEmailChange } from './accounts-api.ts';

type UndoState = { kind: 'undoing' } | { kind: 'restored'; email: string } | { kind: 'taken' } | { kind: 'failed' } | { kind: 'no-token' };

/**
 * /undo-email-change?token=…: the link the old address received after an email change. It puts the old address
 * back and the API signs the account out everywhere, so this browser's session is cleared too.
 */
export function UndoEmailChangePage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('undoEmailChange.pageTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const queryClient = useQueryClient();
  const [state, setState] = useState<UndoState>(token ? { kind: 'undoing' } : { kind: 'no-token' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    undoEmailChange(token)
      .then((email) => {
        clearSession(queryClient);
        setState({ kind: 'restored', email });
      })
      .catch((error: unknown) => setState(isApiRequestError(error) && error.statusCode === 409 ? { kind: 'taken' } : { kind: 'failed' }));
  }, [token, queryClient]);

  return (
    <SiteLayout>
      <section className={pageCardClassName} aria-labelledby="undo-email-change-heading">
        <h1 id="undo-email-change-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('undoEmailChange.heading')}
        </h1>
        <div className="mt-4 space-y-2 text-sm text-slate-700" role="status">
          {state.kind === 'undoing' ? (
            <p className="flex items-center gap-2">
              <Spinner /> {t('undoEmailChange.undoing')}
            </p>
          ) : null}
          {state.kind === 'restored' ? (
            <>
              <p className="font-medium text-brand-800">{t('undoEmailChange.restored', { email: state.email })}</p>
              <p>{t('undoEmailChange.resetAdvice')}</p>
            </>
          ) : null}
          {state.kind === 'taken' ? <p className="text-red-700">{t('undoEmailChange.taken')}</p> : null}
          {state.kind === 'failed' ? <p className="text-red-700">{t('undoEmailChange.failed')}</p> : null}
          {state.kind === 'no-token' ? <p>{t('undoEmailChange.noToken')}</p> : null}
        </div>
        {state.kind === 'restored' ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/forgot-password" className={primaryButtonClassName}>
              {t('undoEmailChange.resetPassword')}
            </Link>
          </div>
        ) : null}
      </section>
    </SiteLayout>
  );
}
