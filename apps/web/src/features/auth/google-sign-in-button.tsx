import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { publicConfigQuery, signInWithGoogle } from './auth-api.ts';

type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }) => void;
      renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
    };
  };
};

const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleIdentity> | undefined;

/** Loads Google Identity Services once, only when a client id is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/**
 * Google sign-in (docs/architecture.md, Layers): the Google Identity Services button, shown only when the server has a
 * GOOGLE_CLIENT_ID; its ID token goes to POST /v1/auth/google. `role` applies to a new account only.
 */
export function GoogleSignInButton({ redirect, role }: { redirect: string | null; role?: 'user' | 'cause' }) {
  const { t, i18n } = useTranslation('accounts');
  const config = useQuery(publicConfigQuery());
  const clientId = config.data?.google_client_id ?? null;
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const showErrorToast = useErrorToast();
  const finishSignIn = useFinishSignIn(redirect);
  const roleRef = useRef(role);
  roleRef.current = role;
  const mutation = useMutation({
    mutationFn: signInWithGoogle,
    onSuccess: finishSignIn,
    onError: (error) => showErrorToast(error, t('google.error')),
  });
  const mutate = mutation.mutate;
  const locale = currentLocale(i18n);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => mutate({ credential: response.credential, role: roleRef.current, language: locale }),
        });
        google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', width: 320, locale: locale === 'vn' ? 'vi' : 'en' });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mutate, locale]);

  if (!clientId || failed) return null;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={container} className="flex min-h-10 justify-center" aria-busy={mutation.isPending || undefined} />
    </div>
  );
}
