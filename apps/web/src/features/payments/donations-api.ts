import { queryOptions } from '@tanstack/react-query';
import type { CauseDonationList, Donation, DonationCreateInput, DonationOptions, SupporterList } from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

export const donationKeys = {
  options: (causeId: string, eventId: string | null) => ['donations', 'options', causeId, eventId] as const,
  detail: (receiptToken: string) => ['donations', 'detail', receiptToken] as const,
  supporters: (causeId: string, eventId: string | null) => ['donations', 'supporters', causeId, eventId] as const,
  ofCause: (causeId: string, page: number) => ['donations', 'of-cause', causeId, page] as const,
};

/** A cause's paid donations as its owner reads them (donors' names, also of anonymous gifts, and messages), one page. */
export async function fetchCauseDonations({ causeId, page, limit, signal }: { causeId: string; page: number; limit: number; signal?: AbortSignal }): Promise<CauseDonationList> {
  return authenticatedApi.get<CauseDonationList>(`causes/${encodeURIComponent(causeId)}/donations`, { params: { page, limit }, signal });
}

/** How many donations a page of the owner's list shows. */
const CAUSE_DONATIONS_PAGE_SIZE = 10;

export const causeDonationsQuery = (causeId: string, page: number) =>
  queryOptions({
    queryKey: donationKeys.ofCause(causeId, page),
    queryFn: ({ signal }) => fetchCauseDonations({ causeId, page, limit: CAUSE_DONATIONS_PAGE_SIZE, signal }),
  });

/** How many supporters a public page lists. */
const SUPPORTERS_SHOWN = 10;

/** The query of a cause's (or, with `eventId`, an event's) newest supporters, for its public pages. */
export const supportersQuery = (causeId: string, eventId: string | null) =>
  queryOptions({
    queryKey: donationKeys.supporters(causeId, eventId),
    queryFn: ({ signal }) =>
      publicApi.get<SupporterList>(`causes/${encodeURIComponent(causeId)}/supporters`, { params: { limit: SUPPORTERS_SHOWN, ...(eventId ? { event: eventId } : {}) }, signal }),
  });

/** The currency, limits and presets of a donation to this cause (and event). */
export async function fetchDonationOptions({ causeId, eventId, signal }: { causeId: string; eventId: string | null; signal?: AbortSignal }): Promise<DonationOptions> {
  return publicApi.get<DonationOptions>(`causes/${encodeURIComponent(causeId)}/donation-options`, { params: eventId ? { event: eventId } : {}, signal });
}

export const donationOptionsQuery = (causeId: string, eventId: string | null) =>
  queryOptions({
    queryKey: donationKeys.options(causeId, eventId),
    queryFn: ({ signal }) => fetchDonationOptions({ causeId, eventId, signal }),
  });

/** Registers the donation and its card payment; sent with the token when signed in (the payment keeps its payer). */
export async function createDonation({ causeId, input, idempotencyKey }: { causeId: string; input: DonationCreateInput; idempotencyKey: string }): Promise<Donation> {
  return authenticatedApi.post<Donation>(`causes/${encodeURIComponent(causeId)}/donations`, { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The donor's receipt, opened by its secret (`receipt_token` of the donor's own answer and emails). */
export async function fetchDonation(receiptToken: string, signal?: AbortSignal): Promise<Donation> {
  return publicApi.get<Donation>(`donations/${encodeURIComponent(receiptToken)}`, { signal });
}

export const donationQuery = (receiptToken: string) =>
  queryOptions({
    queryKey: donationKeys.detail(receiptToken),
    queryFn: ({ signal }) => fetchDonation(receiptToken, signal),
  });
