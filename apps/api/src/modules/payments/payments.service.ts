/**
 * The payments module's surface: what its routes, its jobs, other modules and the app's wiring call. Each use case is
 * a file of its own (docs/architecture.md, Modules): paying a booking (deposits.ts), reading payments
 * (payment-views.ts), confirming and the extra step (payment-steps.ts) with the ticket and donation payments they
 * lead to (ticket-payments.ts, donation-payments.ts), answers that arrive later (late-outcomes.ts), and what every
 * outcome records (payment-outcomes.ts). Settlement and refunds at a booking's end are booking-money.ts.
 */
export { paymentProviderFor, type PaymentProvider } from './providers/index.ts';
export { paymentPort } from './payment-port.ts';
export { recordDemoTicketSale, seedDemoMoney, type DemoPaidBooking, type DemoTicketSale } from './demo-money.ts';
export { checkLedger, type LedgerCheckReport } from './ledger.ts';
export { getMyConnectedAccount } from './payout-accounts.ts';
export type { BankTransferAccounts, PaymentCallerDeps, PaymentDeps, PaymentModuleDeps, PaymentPricing, PaymentSystemDeps } from './payment-access.ts';
export { createPayment, getPaymentOptions, markTransferReceived, paymentAmount } from './deposits.ts';
export { getPayment, getPaymentReceipt, listOpenPayments } from './payment-views.ts';
export { completePaymentAction, confirmPayment } from './payment-steps.ts';
export { applyProviderPaymentEvent, resolveProcessingPayment, type ProviderPaymentEvent } from './late-outcomes.ts';
export { causeShareReader } from './cause-share.ts';
