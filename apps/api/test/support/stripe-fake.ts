import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP fake of the parts of Stripe's API the Stripe provider calls (the SDK is pointed at it with
 * STRIPE_API_HOST/PORT/PROTOCOL), with Stripe's test-mode semantics: the test PaymentMethods (`pm_card_visa`
 * succeeds, `pm_card_chargeDeclined` is declined, `pm_card_authenticationRequiredOnSetup` needs 3-D Secure), BECS
 * test accounts (processing until `clearDebit`), idempotency keys (the same key answers the same response; another
 * body with it is refused), refunds within what was charged, transfers to `acct_…` accounts, Connect Express
 * accounts and their onboarding links (transfers refused until the account's `transfers` capability is active).
 * Beyond Stripe's API, `/_test/…` stands for the payer's browser at Stripe's 3-D Secure page, and `completeOnboarding`
 * / `verifyAccount` for the payee at Stripe's onboarding pages and Stripe's verification.
 */
export type StripeFake = {
  url: string;
  host: string;
  port: number;
  /** Every API request received (method, path, form body, Idempotency-Key). */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | undefined }[];
  intents: Map<string, FakeIntent>;
  /** Transfers made (to connected accounts). */
  transfers: Record<string, unknown>[];
  /**
   * The next `count` requests to `path` are carried out but their answers are lost (the connection drops): a charge
   * made whose answer never arrives, as in a network fault or a timeout.
   */
  loseAnswers(path: string, count: number): void;
  /** Connected accounts whose transfers Stripe refuses (capability not active). */
  restrictedAccounts: Set<string>;
  /** Connect accounts created through `POST /v1/accounts`. */
  accounts: Map<string, FakeAccount>;
  /** The payee filled in Stripe's onboarding pages (bank account included): `transfers` becomes `pending` (verification). */
  completeOnboarding(accountId: string, bank?: { bsb: string; accountNumber: string; holder: string }): void;
  /** Stripe verified the account: `transfers` becomes `active` (or `inactive` when refused). */
  verifyAccount(accountId: string, approved?: boolean): void;
  /** An `account.*` webhook event as Stripe would send it, and its `Stripe-Signature` for `secret`. */
  signedAccountEvent(type: string, options: { accountId: string; secret: string; eventId?: string }): { payload: string; signature: string; eventId: string };
  /** The payer at the 3-D Secure page of `redirect_to_url`: approves (→ succeeded) or fails it. */
  authenticate(intentId: string, approved: boolean): Promise<void>;
  /** The bank answers a BECS debit in `processing`: succeeded or failed by its test account number. */
  clearDebit(intentId: string): void;
  /**
   * A webhook event about a PaymentIntent as Stripe would send it, and its `Stripe-Signature` for `secret`, signed now
   * or at `signedAt` (seconds since the epoch).
   */
  signedEvent(type: string, options: { intentId: string; secret: string; eventId?: string; signedAt?: number }): { payload: string; signature: string; eventId: string };
  close(): Promise<void>;
};

type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } } | null;
  livemode: false;
  /** Not Stripe's: what the pending BECS debit will do, and what was refunded. */
  becsAccount?: string;
  refunded: number;
};

type FakeAccount = {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  created: number;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  requirements: { currently_due: string[]; disabled_reason: string | null };
  external_accounts: { object: 'list'; data: Record<string, unknown>[]; has_more: false; url: string };
};

/** The countries where this fake, like Stripe, opens Express accounts (Vietnam is not one: Stripe serves no VN accounts). */
const CONNECT_COUNTRIES = new Set(['AU', 'NZ', 'SG', 'JP', 'US', 'CA', 'GB', 'FR', 'DE', 'TH', 'MY']);

type Form = Record<string, unknown>;

const CARD_METHODS: Record<string, 'succeed' | 'declined' | 'insufficient' | 'threeDs'> = {
  pm_card_visa: 'succeed',
  pm_card_mastercard: 'succeed',
  pm_card_chargeDeclined: 'declined',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient',
  pm_card_authenticationRequiredOnSetup: 'threeDs',
};
const BECS_OUTCOMES: Record<string, 'succeeded' | 'account_closed' | 'no_account' | 'refer_to_customer' | 'debit_not_authorized'> = {
  '000123456': 'succeeded',
  '900123456': 'succeeded',
  '111111113': 'account_closed',
  '111111116': 'no_account',
  '222222227': 'refer_to_customer',
  '333333335': 'debit_not_authorized',
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x` form encoding (what the SDK sends) into nested objects and arrays. */
function parseForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body['message']));
  }
}
const invalidRequest = (message: string, extra: Record<string, unknown> = {}) => new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

/** The settings that send the app's Stripe SDK (with a test secret key) to `fake`. */
export const stripeSettingsFor = (fake: StripeFake) => ({
  STRIPE_SECRET_KEY: 'sk_test_goodtable',
  STRIPE_API_HOST: fake.host,
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
});

export async function startStripeFake(): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  // A saved BECS method remembers its test account, so a later off-session debit clears (or fails) as the account says.
  const customerMethods = new Map<string, { id: string; object: 'payment_method'; type: string; customer: string; becsAccount?: string }[]>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const restrictedAccounts = new Set<string>();
  const transfers: Record<string, unknown>[] = [];
  const accounts = new Map<string, FakeAccount>();
  const requests: StripeFake['requests'] = [];
  const lostAnswers = new Map<string, number>();
  let baseUrl = '';

  const accountOr404 = (accountId: string) => {
    const account = accounts.get(accountId);
    // Stripe's answer for an account that is not connected to the platform.
    if (!account) throw new StripeApiError(403, { type: 'invalid_request_error', code: 'account_invalid', message: `The provided key does not have access to account '${accountId}' (or that account does not exist).` });
    return account;
  };
  const intentOr404 = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentId}'` });
    return intent;
  };
  const saveMethod = (intent: FakeIntent, type: string) => {
    if (!intent.customer || !intent.setup_future_usage) return;
    const methods = customerMethods.get(intent.customer) ?? [];
    // Like Stripe: the test PaymentMethod is cloned onto the Customer, and the PaymentIntent names the saved one.
    const saved = { id: id('pm'), object: 'payment_method' as const, type, customer: intent.customer, ...(intent.becsAccount ? { becsAccount: intent.becsAccount } : {}) };
    methods.unshift(saved);
    customerMethods.set(intent.customer, methods);
    intent.payment_method = saved.id;
  };
  const cardError = (intent: FakeIntent, { code, declineCode, message }: { code: string; declineCode: string; message: string }) => {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code, decline_code: declineCode, message };
    return new StripeApiError(402, { type: 'card_error', code, decline_code: declineCode, message, payment_intent: { ...intent } });
  };

  /** Stripe's confirmation of a PaymentIntent with the given PaymentMethod (or BECS details). */
  function confirm(intent: FakeIntent, form: Form): FakeIntent {
    if (intent.status !== 'requires_payment_method') {
      throw invalidRequest(`This PaymentIntent's status is ${intent.status}: it cannot be confirmed.`, { code: 'payment_intent_unexpected_state' });
    }
    intent.last_payment_error = null;
    const data = form['payment_method_data'] as Form | undefined;
    if (data?.['type'] === 'au_becs_debit') {
      const becs = data['au_becs_debit'] as Form;
      const account = String(becs['account_number']);
      if (becs['bsb_number'] !== '000000' || !BECS_OUTCOMES[account]) {
        throw invalidRequest('Your request was in test mode, but used a non-test bank account.', { code: 'payment_method_invalid_parameter_testmode', param: 'payment_method_data[au_becs_debit][account_number]' });
      }
      intent.status = 'processing';
      intent.payment_method = id('pm');
      intent.becsAccount = account;
      return intent;
    }
    const method = String(form['payment_method'] ?? '');
    const saved = [...customerMethods.values()].flat().find((candidate) => candidate.id === method);
    const behaviour = saved ? 'succeed' : CARD_METHODS[method];
    if (!behaviour) throw invalidRequest(`No such PaymentMethod: '${method}'`, { code: 'resource_missing', param: 'payment_method' });
    intent.payment_method = method;
    // Like Stripe: a debit from a saved bank account is processing until the bank answers (`clearDebit`).
    if (saved?.type === 'au_becs_debit' && saved.becsAccount) {
      intent.status = 'processing';
      intent.becsAccount = saved.becsAccount;
      return intent;
    }
    if (behaviour === 'declined') throw cardError(intent, { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
    if (behaviour === 'insufficient') throw cardError(intent, { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    if (behaviour === 'threeDs') {
      if (form['off_session'] === 'true') throw cardError(intent, { code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' });
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${baseUrl}/_test/3ds/${intent.id}`, return_url: (form['return_url'] as string | undefined) ?? null } };
      return intent;
    }
    intent.status = 'succeeded';
    if (!saved) saveMethod(intent, 'card');
    return intent;
  }

  function route(method: string, { path, form }: { path: string; form: Form }): unknown {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return { id: id('cus'), object: 'customer', metadata: form['metadata'] ?? {} };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form['amount']),
        currency: String(form['currency']),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: (form['customer'] as string | undefined) ?? null,
        metadata: (form['metadata'] as Record<string, string> | undefined) ?? {},
        payment_method: null,
        setup_future_usage: (form['setup_future_usage'] as string | undefined) ?? null,
        last_payment_error: null,
        next_action: null,
        livemode: false,
        refunded: 0,
      };
      if (!Number.isInteger(intent.amount) || intent.amount < 1) throw invalidRequest('Invalid integer: amount', { param: 'amount' });
      if (intent.currency !== intent.currency.toLowerCase()) throw invalidRequest('Invalid currency', { param: 'currency' });
      intents.set(intentId, intent);
      return form['confirm'] === 'true' ? confirm(intent, form) : intent;
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) return confirm(intentOr404(match[1]!), form);
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) return intentOr404(match[1]!);
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intentOr404(String(form['payment_intent']));
      const amount = Number(form['amount'] ?? intent.amount - intent.refunded);
      if (intent.status !== 'succeeded') throw invalidRequest('This PaymentIntent has no successful charge to refund.', { code: 'charge_not_refundable' });
      if (amount > intent.amount - intent.refunded) throw invalidRequest('Refund amount is greater than unrefunded amount on charge.', { code: 'amount_too_large', param: 'amount' });
      intent.refunded += amount;
      return { id: id('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata: form['metadata'] ?? {} };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const country = String(form['country'] ?? 'AU').toUpperCase();
      if (form['type'] !== 'express') throw invalidRequest('This fake only creates Express accounts.', { param: 'type' });
      if (!CONNECT_COUNTRIES.has(country)) throw invalidRequest(`Connected accounts in ${country} are not supported.`, { param: 'country' });
      const accountId = id('acct');
      const capabilities = form['capabilities'] as Record<string, Record<string, string>> | undefined;
      const account: FakeAccount = {
        id: accountId,
        object: 'account',
        type: 'express',
        country,
        email: (form['email'] as string | undefined) ?? null,
        created: Math.floor(Date.now() / 1000),
        // Requested capabilities start inactive until the account's requirements are met.
        capabilities: capabilities?.['transfers']?.['requested'] === 'true' ? { transfers: 'inactive' } : {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: (form['metadata'] as Record<string, string> | undefined) ?? {},
        requirements: { currently_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'], disabled_reason: 'requirements.past_due' },
        external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${accountId}/external_accounts` },
      };
      accounts.set(accountId, account);
      return account;
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([^/]+)$/))) return accountOr404(match[1]!);
    if (method === 'POST' && path === '/v1/account_links') {
      const account = accountOr404(String(form['account']));
      if (form['type'] !== 'account_onboarding' && form['type'] !== 'account_update') throw invalidRequest('Invalid type', { param: 'type' });
      for (const param of ['refresh_url', 'return_url']) if (!form[param]) throw invalidRequest(`Missing required param: ${param}.`, { param });
      const created = Math.floor(Date.now() / 1000);
      return { object: 'account_link', created, expires_at: created + 300, url: `${baseUrl}/_test/connect/${account.id}/${randomBytes(8).toString('hex')}` };
    }
    if (method === 'GET' && path === '/v1/transfers') {
      return { object: 'list', data: transfers.filter((transfer) => !form['transfer_group'] || transfer['transfer_group'] === form['transfer_group']), has_more: false, url: path };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = String(form['destination']);
      if (!destination.startsWith('acct_')) throw invalidRequest(`No such destination: '${destination}'`, { code: 'resource_missing', param: 'destination' });
      const connected = accounts.get(destination);
      if (restrictedAccounts.has(destination) || (connected && connected.capabilities.transfers !== 'active')) {
        throw invalidRequest('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', { code: 'insufficient_capabilities_for_transfer' });
      }
      const transfer = { id: id('tr'), object: 'transfer', amount: Number(form['amount']), currency: form['currency'], destination, transfer_group: form['transfer_group'] ?? null, metadata: form['metadata'] ?? {} };
      transfers.push(transfer);
      return transfer;
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const form = parseForm(method === 'GET' ? url.search.slice(1) : text);
      const send = (status: number, answer: unknown) => {
        const lose = lostAnswers.get(url.pathname) ?? 0;
        if (lose > 0) {
          lostAnswers.set(url.pathname, lose - 1);
          request.socket.destroy();
          return;
        }
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(answer));
      };
      if (url.pathname.startsWith('/_test/')) {
        send(404, {});
        return;
      }
      if (!/^Bearer sk_test_/.test(request.headers.authorization ?? '')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, body: form, idempotencyKey: key });
      const remembered = key ? idempotent.get(key) : undefined;
      if (remembered) {
        if (remembered.body !== text) send(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
        else send(remembered.status, remembered.answer);
        return;
      }
      let status = 200;
      let answer: unknown;
      try {
        answer = structuredClone(route(method, { path: url.pathname, form }));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.statusCode;
        answer = { error: error.body };
      }
      if (key && method === 'POST') idempotent.set(key, { body: text, status, answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    requests,
    intents,
    transfers,
    restrictedAccounts,
    accounts,
    completeOnboarding(accountId, bank = { bsb: '110000', accountNumber: '000123456', holder: 'Jenny Rosen' }) {
      const account = accountOr404(accountId);
      account.details_submitted = true;
      account.requirements = { currently_due: [], disabled_reason: 'requirements.pending_verification' };
      account.external_accounts.data = [
        {
          id: id('ba'),
          object: 'bank_account',
          account: accountId,
          account_holder_name: bank.holder,
          country: account.country,
          currency: account.country === 'AU' ? 'aud' : 'usd',
          last4: bank.accountNumber.slice(-4),
          routing_number: bank.bsb.replace(/\D/g, ''),
          status: 'new',
        },
      ];
      if (account.capabilities.transfers) account.capabilities.transfers = 'pending';
    },
    verifyAccount(accountId, approved = true) {
      const account = accountOr404(accountId);
      if (!account.capabilities.transfers) return;
      account.capabilities.transfers = approved ? 'active' : 'inactive';
      account.payouts_enabled = approved;
      account.charges_enabled = approved;
      account.requirements = { currently_due: approved ? [] : ['individual.verification.document'], disabled_reason: approved ? null : 'requirements.past_due' };
    },
    signedAccountEvent(type, { accountId, secret, eventId = id('evt') }) {
      // A Connect event names the connected account it is about (`account`).
      const payload = JSON.stringify({ id: eventId, object: 'event', type, account: accountId, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: accountOr404(accountId) } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }), eventId };
    },
    loseAnswers(path, count) {
      lostAnswers.set(path, count);
    },
    async authenticate(intentId, approved) {
      const intent = intentOr404(intentId);
      if (intent.status !== 'requires_action') throw new Error(`${intentId} is ${intent.status}, not waiting for 3-D Secure`);
      intent.next_action = null;
      if (approved) {
        intent.status = 'succeeded';
        saveMethod(intent, 'card');
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
    },
    clearDebit(intentId) {
      const intent = intentOr404(intentId);
      if (intent.status !== 'processing' || !intent.becsAccount) throw new Error(`${intentId} is not a debit in flight`);
      const outcome = BECS_OUTCOMES[intent.becsAccount]!;
      if (outcome === 'succeeded') {
        intent.status = 'succeeded';
        saveMethod(intent, 'au_becs_debit');
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code: outcome, message: 'The debit failed.' };
      }
    },
    signedEvent(type, { intentId, secret, eventId = id('evt'), signedAt = Math.floor(Date.now() / 1000) }) {
      const payload = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2026-10-28.endive', created: signedAt, livemode: false, data: { object: intentOr404(intentId) } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: signedAt }), eventId };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
