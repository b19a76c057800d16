import type { Donation, DonationCreateInput, DonationOptions } from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

export const donationKeys = {
  options: (causeId: string, eventId: string | null) => ['donations', 'options', causeId, eventId] as const,
  detail: (id: string) => ['donations', 'detail', id] as const,
};

/** The currency, limits and presets of a donation to this cause (and event). */
export async function fetchDonationOptions(causeId: string, eventId: string | null, signal?: AbortSignal): Promise<DonationOptions> {
  return publicApi.get<DonationOptions>(`causes/${encodeURIComponent(causeId)}/donation-options`, { params: eventId ? { event: eventId } : {}, signal });
}

/** Registers the donation and its card payment; sent with the token when signed in (the payment keeps its payer). */
export async function createDonation(causeId: string, input: DonationCreateInput, idempotencyKey: string): Promise<Donation> {
  return authenticatedApi.post<Donation>(`causes/${encodeURIComponent(causeId)}/donations`, { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

export async function fetchDonation(id: string, signal?: AbortSignal): Promise<Donation> {
  return publicApi.get<Donation>(`donations/${encodeURIComponent(id)}`, { signal });
}
