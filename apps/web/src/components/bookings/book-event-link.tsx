import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { decideRouteAccess, signingInPath } from '@goodtable/shared';
import { useSession } from '../../lib/session.ts';

const buttonClassName = 'inline-block rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800';

/**
 * Every way into /add-event (a restaurant's "Book an event", a cause's "Host a dinner for this cause") behaves the
 * same, by the route-access table: signed out → sign-in, then back here; a client or manager → the form with `query`
 * pre-filled; a restaurant or cause account → a message saying why it cannot book, instead of a 404.
 */
export function BookEventLink({ query, children }: { query: Record<string, string>; children: ReactNode }) {
  const { t } = useTranslation('booking-forms');
  const session = useSession();
  const [explained, setExplained] = useState(false);
  const messageId = useId();
  const target = `/add-event?${new URLSearchParams(query).toString()}`;
  const decision = decideRouteAccess(target, session.role);

  if (decision.kind === 'not-found') {
    return (
      <div className="max-w-sm">
        <button type="button" onClick={() => setExplained(true)} aria-describedby={explained ? messageId : undefined} className={buttonClassName}>
          {children}
        </button>
        {explained ? (
          <p id={messageId} role="alert" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('bookEvent.notForRole')}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Link to={decision.kind === 'sign-in' ? signingInPath(decision.redirect) : target} className={buttonClassName}>
      {children}
    </Link>
  );
}
