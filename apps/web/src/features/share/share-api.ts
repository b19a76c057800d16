import { queryOptions } from '@tanstack/react-query';
import type { PublicEventDetail } from '@goodtable/shared';
import { publicApi } from '../../lib/api.ts';
import { API_BASE_PATH } from '../../lib/api-client.ts';

export const eventKeys = {
  detail: (id: string) => ['events', id] as const,
};

/** GET /v1/events/{id}: a confirmed event's public data (404 for anything else). */
export async function fetchPublicEvent(id: string): Promise<PublicEventDetail> {
  return publicApi.get<PublicEventDetail>(`events/${encodeURIComponent(id)}`);
}

/** The event's public data; a 404 is the page's answer, not asked again. */
export const publicEventQuery = (id: string) => queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => fetchPublicEvent(id), retry: false });

/** The event's progress stream (Server-Sent Events, public: no token needed). */
export const eventStreamUrl = (id: string) => `${API_BASE_PATH}events/${encodeURIComponent(id)}/stream`;

/** The event's "Add to calendar" file. */
export const eventCalendarUrl = (id: string) => `${API_BASE_PATH}events/${encodeURIComponent(id)}/calendar.ics`;

/** Joins a sold-out event's waiting list: seats that come back are offered by email, in order. */
export async function joinWaitlist(id: string, email: string): Promise<void> {
  await publicApi.post(`events/${encodeURIComponent(id)}/waitlist`, { body: { email } });
}
