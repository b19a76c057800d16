import type { PaymentPort } from '../../lib/payment-port.ts';
import { recordRefund } from './provider-refunds.ts';
import type { PaymentProvider } from './providers/index.ts';
import * as repository from './payments.repository.ts';

/** The payments side of ticket and donation payments, for the tickets and donations modules (lib/payment-port.ts). */
export function paymentPort(provider: PaymentProvider): PaymentPort {
  return {
    providerName: provider.name,
    register: (input) => provider.createPayment(input),
    findPayment: (db, query) => repository.findPayment(db, query),
    insertPayments: (db, rows) => repository.insertPayments(db, rows),
    insertPaymentOnce: (db, row) => repository.insertPaymentOnce(db, row),
    deletePayments: (db, ids) => repository.deletePayments(db, ids),
    recordRefund: (tx, refund) => recordRefund(provider, { tx, ...refund }),
  };
}
