/**
 * The donations module's surface (docs/decisions/0241-tickets-and-donations-modules.md): the payments module confirms
 * a donation's payment, credits a donation without an event to its cause, and settles and refunds an event's
 * donations through these.
 */
export { directDonationRecipient, donationOfPayment, paidDonationsOfBooking, recordDonationPaid, refundEventDonations, type DonationDeps } from './donations.ts';
