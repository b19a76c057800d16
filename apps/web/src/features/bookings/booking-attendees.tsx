import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { attendeesCsv, type Attendee, type Booking, type Me } from '@goodtable/shared';
import { primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { formatLongDateTime } from '../../lib/date-format.ts';
import { useViewerClock } from '../../lib/viewer-clock.ts';
import { attendeesQuery, checkInTicket } from '../payments/payments-api.ts';

const CHECK_IN_ROLES: readonly Me['role'][] = ['seller', 'manager'];

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** Scans QR codes with the device camera where the browser has BarcodeDetector; `onCode` gets each code read. */
function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation('share');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The page re-renders on every check-in; reading the latest handler through a ref keeps the camera running.
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  }, [onCode]);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const Constructor = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector!;
    const detector = new Constructor({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        let last = '';
        timer = window.setInterval(async () => {
          if (!video.current) return;
          const [found] = await detector.detect(video.current).catch(() => []);
          if (found && found.rawValue !== last) {
            last = found.rawValue;
            latestOnCode.current(found.rawValue);
          }
        }, 400);
      } catch {
        setProblem(t('checkIn.cameraRefused'));
      }
    })();
    return () => {
      stopped = true;
      if (timer) window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);
  return (
    <div className="space-y-2">
      {problem ? <p role="alert" className="text-sm text-red-700">{problem}</p> : <video ref={video} className="w-full max-w-sm rounded-md bg-black" muted playsInline aria-label={t('checkIn.camera')} />}
      <button type="button" className={secondaryButtonClassName} onClick={onClose}>
        {t('checkIn.stopCamera')}
      </button>
    </div>
  );
}

/** The event's attendees, for the client and the restaurant side of a confirmed or ended event (none asked for otherwise). */
export function useAttendees(booking: Pick<Booking, 'id' | 'status'>, user: Me) {
  const shown = ['CONFIRMED', 'COMPLETED'].includes(booking.status) && user.role !== 'cause';
  const list = useQuery({ ...attendeesQuery(booking.id), enabled: shown, retry: false });
  return { shown, list };
}

/**
 * The booking page's attendee list (a confirmed or ended event with tickets): the client and the restaurant side see
 * it and export it as CSV; the restaurant side checks tickets in by typing a code or scanning its QR code.
 */
export function BookingAttendees({ booking, user }: { booking: Pick<Booking, 'id' | 'status'>; user: Me }) {
  const { t } = useTranslation('share');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const { locale, timeZone } = useViewerClock();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const { shown, list } = useAttendees(booking, user);
  const checkIn = useMutation({
    mutationFn: (value: string) => checkInTicket(booking.id, value.trim()),
    onSuccess: (ticket) => {
      setCode('');
      showToast({ kind: 'success', message: t('checkIn.done', { name: ticket.attendee_name }) });
      void queryClient.invalidateQueries({ queryKey: attendeesQuery(booking.id).queryKey });
    },
    onError: async (error, value) => {
      if (!(error instanceof ApiRequestError)) return showErrorToast(error, t('checkIn.error'));
      if (error.statusCode === 404) return showToast({ kind: 'error', message: t('checkIn.unknownCode') });
      if (error.body.code === 'tickets.checkInClosed') return showToast({ kind: 'error', message: t('checkIn.closed') });
      if (error.body.code !== 'tickets.alreadyCheckedIn') return showErrorToast(error, t('checkIn.error'));
      // A second check-in says who checked the ticket in and when, from the list as it is now.
      const fresh = await queryClient.fetchQuery({ ...attendeesQuery(booking.id), staleTime: 0 });
      const row = fresh.data.find((item) => item.code === value.trim().toUpperCase());
      showToast({ kind: 'error', message: row ? alreadyCheckedIn(row) : t('checkIn.error') });
    },
  });
  const alreadyCheckedIn = (row: Attendee) =>
    t('checkIn.already', { name: row.attendee_name, by: row.checked_in_by ?? '', time: checkedInTime(row) });
  const checkedInTime = (row: Attendee) => (row.checked_in_at ? formatLongDateTime({ instant: row.checked_in_at, timeZone, locale }) : '');
  if (!shown || !list.data) return null;
  const rows = list.data.data;
  const mayCheckIn = CHECK_IN_ROLES.includes(user.role) && booking.status === 'CONFIRMED';
  const hasCamera = typeof window !== 'undefined' && 'BarcodeDetector' in window && Boolean(navigator.mediaDevices?.getUserMedia);
  const download = () => {
    const csv = attendeesCsv(rows, [t('attendees.name'), t('attendees.code'), t('attendees.buyer'), t('attendees.checkedInAt'), t('attendees.checkedInByHeader')]);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = 'attendees.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-labelledby="booking-attendees-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="booking-attendees-title" className="text-lg font-semibold text-slate-900">
        {t('attendees.title', { count: rows.length })}
      </h2>
      {mayCheckIn ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) checkIn.mutate(code);
          }}
        >
          <TextField label={t('checkIn.code')} value={code} onChange={setCode} autoComplete="off" />
          <button type="submit" className={primaryButtonClassName} disabled={checkIn.isPending}>
            {t('checkIn.submit')}
          </button>
          {hasCamera && !scanning ? (
            <button type="button" className={secondaryButtonClassName} onClick={() => setScanning(true)}>
              {t('checkIn.scan')}
            </button>
          ) : null}
        </form>
      ) : null}
      {scanning ? <CameraScanner onCode={(value) => checkIn.mutate(value)} onClose={() => setScanning(false)} /> : null}
      {rows.length > 0 ? (
        <>
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-3">{t('attendees.nameAndCode')}</th>
                <th scope="col" className="py-1">{t('attendees.checkedIn')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.ticket_id} className="border-t border-slate-100">
                  {/* The code under the name: three columns do not fit a phone held at the door. */}
                  <td className="py-1 pr-3">
                    <span className="block">{row.attendee_name}</span>
                    <span className="block break-all font-mono text-xs text-slate-600">{row.code}</span>
                  </td>
                  <td className="py-1">{row.checked_in_at ? t('attendees.checkedInBy', { name: row.checked_in_by ?? '', time: checkedInTime(row) }) : t('attendees.notYet')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className={`mt-3 ${secondaryButtonClassName}`} onClick={download}>
            {t('attendees.export')}
          </button>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t('attendees.none')}</p>
      )}
    </section>
  );
}
