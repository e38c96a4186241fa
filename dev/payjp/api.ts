import { brandOf, CHECK_RESULTS, chargeBehaviourOf, fingerprintOf, luhnValid, TOKEN_TIME_ERRORS } from './cards';
import { cardError, invalidParam, invalidState, noSuch, PayjpApiError } from './errors';
import type { Params } from './form';
import { allowOnly, bool, int, mergeMetadata, nested, requiredStr, str } from './form';
import {
  cardWire,
  chargeWire,
  customerWire,
  deletedWire,
  eventWire,
  listWire,
  newestFirst,
  parsePage,
  subscriptionWire,
  tdsRequestWire,
  tokenWire,
  type Wire,
} from './objects';
import type { CardRecord, ChargeRecord, CustomerRecord, EventRecord, State, TdsRequestRecord, TdsStatus, TokenRecord } from './state';
import { newId } from './state';

/** PAY.JP: a 3-D Secure flow must be completed within 30 minutes of the charge (or token) being created. */
export const TDS_TIMEOUT_SECONDS = 30 * 60;

const AMOUNT_MIN = 50;
const AMOUNT_MAX = 9_999_999;

export interface ApiContext {
  state: State;
  /** Current time in seconds (the emulator's clock can be advanced by tests). */
  now: () => number;
  /** Records an event and hands it to the webhook dispatcher. */
  emit: (event: EventRecord) => void;
}

/** The resource behind a 3-D Secure start page. */
export type TdsTarget =
  { kind: 'charge'; record: ChargeRecord } | { kind: 'token'; record: TokenRecord } | { kind: 'tdsr'; record: TdsRequestRecord };

export type TdsOutcome = 'verified' | 'attempted' | 'failed' | 'abandoned';

const CARD_DETAIL_KEYS = [
  'name',
  'email',
  'phone',
  'address_state',
  'address_city',
  'address_line1',
  'address_line2',
  'address_zip',
  'country',
] as const;

export class PayjpApi {
  constructor(private readonly ctx: ApiContext) {}

  private get state(): State {
    return this.ctx.state;
  }

  /** Records an event (also used by the subscription billing in subscriptions.ts). */
  event(type: string, object: string, resourceId: string, data: Wire): void {
    const record: EventRecord = {
      id: newId('evnt_'),
      created: this.ctx.now(),
      seq: this.state.nextSeq(),
      type,
      data,
      resourceId,
      object,
      pending_webhooks: 0,
    };
    this.state.events.set(record.id, record);
    this.ctx.emit(record);
  }

  // -------------------------------------------------------------------------------------------
  // Tokens

  createToken(params: Params): Wire {
    allowOnly(params, ['card', 'three_d_secure', 'tenant']);
    const card = nested(params, 'card');
    if (!card) throw invalidParam('missing_param', 'card', 'Missing required param: card');
    const allowedCardKeys = ['number', 'exp_month', 'exp_year', 'cvc', ...CARD_DETAIL_KEYS];
    for (const key of Object.keys(card)) {
      if (!allowedCardKeys.includes(key))
        throw invalidParam('no_allowed_param', `card[${key}]`, `Invalid param key to this API: card[${key}]`);
    }
    const number = (card.number ?? '').replace(/[\s-]/g, '');
    // PAY.JP's test numbers are recognised as such even where they fail the Luhn check (…1110, …1111).
    const isTestCard = number in TOKEN_TIME_ERRORS || chargeBehaviourOf(number) !== undefined;
    if (!isTestCard && !luhnValid(number)) throw cardError('invalid_number', 'Your card number is incorrect.', { param: 'card[number]' });
    const brand = brandOf(number);
    const tokenTime = TOKEN_TIME_ERRORS[number];
    if (!brand || tokenTime?.code === 'unacceptable_brand') {
      throw cardError('unacceptable_brand', 'This card brand is not accepted.', { param: 'card[number]' });
    }

    const month = Number(card.exp_month);
    if (!/^\d{1,2}$/.test(card.exp_month ?? '') || month < 1 || month > 12) {
      throw cardError('invalid_expiry_month', 'Invalid expiration month.', { param: 'card[exp_month]' });
    }
    let year = Number(card.exp_year);
    if (/^\d{2}$/.test(card.exp_year ?? '')) year += 2000;
    else if (!/^\d{4}$/.test(card.exp_year ?? '')) {
      throw cardError('invalid_expiry_year', 'Invalid expiration year.', { param: 'card[exp_year]' });
    }
    const today = new Date(this.ctx.now() * 1000);
    const nowYear = today.getUTCFullYear();
    const nowMonth = today.getUTCMonth() + 1;
    if (year < nowYear || year > nowYear + 20) {
      throw cardError('invalid_expiry_year', 'Invalid expiration year.', { param: 'card[exp_year]' });
    }
    if (year === nowYear && month < nowMonth) {
      throw cardError('invalid_expiration_date', 'Invalid expiration date.', { param: 'card[exp_month]' });
    }
    const cvc = card.cvc;
    if (cvc !== undefined && !(brand === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) {
      throw cardError('invalid_cvc', 'Your card security code is incorrect.', { param: 'card[cvc]' });
    }
    if (tokenTime) throw cardError(tokenTime.code, tokenTime.message);

    const details = this.cardDetails(card, true);
    const checks = CHECK_RESULTS[number] ?? {};
    const now = this.ctx.now();
    const threeDSecure = bool(params, 'three_d_secure') ?? false;
    const record: TokenRecord = {
      id: newId('tok_'),
      created: now,
      seq: this.state.nextSeq(),
      used: false,
      tds: threeDSecure ? { startedAt: now, finished: false } : null,
      card: {
        id: newId('car_'),
        created: now,
        seq: this.state.nextSeq(),
        customer: null,
        last4: number.slice(-4),
        brand,
        exp_month: month,
        exp_year: year,
        fingerprint: fingerprintOf(number),
        name: details.name ?? null,
        email: details.email ?? null,
        phone: details.phone ?? null,
        address_state: details.address_state ?? null,
        address_city: details.address_city ?? null,
        address_line1: details.address_line1 ?? null,
        address_line2: details.address_line2 ?? null,
        address_zip: details.address_zip ?? null,
        country: details.country ?? null,
        cvc_check: checks.cvc_check ?? (cvc === undefined ? 'unchecked' : 'passed'),
        address_zip_check: details.address_zip ? (checks.address_zip_check ?? 'passed') : 'unchecked',
        metadata: null,
        three_d_secure_status: threeDSecure ? 'unverified' : null,
        behaviour: chargeBehaviourOf(number) ?? null,
      },
    };
    this.state.tokens.set(record.id, record);
    this.event('token.created', 'token', record.id, tokenWire(record));
    return tokenWire(record);
  }

  retrieveToken(id: string): Wire {
    return tokenWire(this.token(id));
  }

  finishTokenTds(id: string): Wire {
    const token = this.token(id);
    if (!token.tds || token.tds.finished || this.ctx.now() > token.tds.startedAt + TDS_TIMEOUT_SECONDS) {
      throw invalidState('not_in_three_d_secure_flow', 'This token is not in a 3-D Secure flow.');
    }
    this.assertTdsPassed(token.card.three_d_secure_status);
    token.tds.finished = true;
    return tokenWire(token);
  }

  private token(id: string, param = 'id'): TokenRecord {
    const token = this.state.tokens.get(id);
    if (!token) throw noSuch('token', id, param);
    return token;
  }

  /** A token that may be turned into a charge or a customer's card; marks it used. */
  private consumeToken(id: string): TokenRecord {
    const token = this.token(id, 'card');
    if (token.used) throw invalidParam('token_already_used', 'card', 'You cannot use a token more than once.');
    if (token.tds && !token.tds.finished) {
      throw invalidParam('unverified_token', 'card', 'This token has not completed 3-D Secure (call tds_finish).');
    }
    token.used = true;
    return token;
  }

  private cardDetails(card: Record<string, string>, forToken: boolean): Partial<Record<(typeof CARD_DETAIL_KEYS)[number], string | null>> {
    const out: Partial<Record<(typeof CARD_DETAIL_KEYS)[number], string | null>> = {};
    const prefix = forToken ? 'card[' : '';
    const suffix = forToken ? ']' : '';
    for (const key of CARD_DETAIL_KEYS) {
      const value = card[key];
      if (value === undefined) continue;
      if (key === 'name' && value !== '' && !/^[A-Za-z0-9 .\-]{1,45}$/.test(value)) {
        // EMV 3-D Secure: at most 45 half-width letters, digits, spaces, periods and hyphens.
        throw invalidParam('invalid_card_name', `${prefix}name${suffix}`, 'Invalid cardholder name.');
      }
      if (key === 'email' && value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
        throw invalidParam('invalid_email', `${prefix}email${suffix}`, 'Invalid email address.');
      }
      if (key === 'country' && value !== '' && !/^[A-Z]{2}$/.test(value)) {
        throw invalidParam('invalid_country', `${prefix}country${suffix}`, 'Invalid country code.');
      }
      if (value.length > 255) throw invalidParam('invalid_string_length', `${prefix}${key}${suffix}`, 'Too long.');
      out[key] = value === '' ? null : value;
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Customers and their cards

  createCustomer(params: Params): Wire {
    allowOnly(params, ['id', 'email', 'description', 'card', 'metadata']);
    const id = str(params, 'id');
    if (id !== undefined) {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw invalidParam('invalid_flexible_id', 'id', 'Invalid id.');
      if (this.state.customers.has(id)) throw invalidParam('already_exist_id', 'id', `Customer ${id} already exists.`);
    }
    const customer: CustomerRecord = {
      id: id ?? newId('cus_'),
      created: this.ctx.now(),
      seq: this.state.nextSeq(),
      email: this.email(params),
      description: this.description(params),
      metadata: mergeMetadata(null, nested(params, 'metadata')),
      default_card: null,
      cardIds: [],
    };
    const tokenId = str(params, 'card');
    // Validate the token before anything is stored: a failed request leaves no customer behind.
    if (tokenId !== undefined) this.attachCard(customer, tokenId, true, undefined, false);
    this.state.customers.set(customer.id, customer);
    const wire = customerWire(this.state, customer);
    this.event('customer.created', 'customer', customer.id, wire);
    return wire;
  }

  listCustomers(params: Params): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until']);
    return listWire('/v1/customers', newestFirst(this.state.customers.values()), parsePage(params), (c) => customerWire(this.state, c));
  }

  retrieveCustomer(id: string): Wire {
    return customerWire(this.state, this.customer(id));
  }

  updateCustomer(id: string, params: Params): Wire {
    const customer = this.customer(id);
    allowOnly(params, ['email', 'description', 'default_card', 'card', 'metadata']);
    const email = params.email !== undefined ? this.email(params) : customer.email;
    const description = params.description !== undefined ? this.description(params) : customer.description;
    const metadata = mergeMetadata(customer.metadata, nested(params, 'metadata'));
    const defaultCard = str(params, 'default_card');
    if (defaultCard !== undefined && !customer.cardIds.includes(defaultCard)) {
      throw invalidParam('dont_has_this_card', 'default_card', `Customer ${id} does not have card ${defaultCard}.`);
    }
    const tokenId = str(params, 'card');
    if (tokenId !== undefined) this.attachCard(customer, tokenId, true, undefined, true);
    customer.email = email;
    customer.description = description;
    customer.metadata = metadata;
    if (defaultCard !== undefined) customer.default_card = defaultCard;
    const wire = customerWire(this.state, customer);
    this.event('customer.updated', 'customer', customer.id, wire);
    return wire;
  }

  deleteCustomer(id: string): Wire {
    const customer = this.customer(id);
    // PAY.JP deletes a deleted customer's subscriptions with it.
    for (const sub of [...this.state.subscriptions.values()].filter((s) => s.customer === id)) {
      this.state.subscriptions.delete(sub.id);
      this.event('subscription.deleted', 'subscription', sub.id, subscriptionWire(sub));
    }
    for (const cardId of customer.cardIds) this.state.cards.delete(cardId);
    this.state.customers.delete(id);
    this.event('customer.deleted', 'customer', id, customerWire(this.state, { ...customer, cardIds: [], default_card: null }));
    return deletedWire(id);
  }

  createCard(customerId: string, params: Params): Wire {
    const customer = this.customer(customerId);
    allowOnly(params, ['card', 'default', 'metadata']);
    const tokenId = requiredStr(params, 'card');
    const makeDefault = bool(params, 'default') ?? false;
    const card = this.attachCard(customer, tokenId, makeDefault, nested(params, 'metadata'), true);
    return cardWire(card);
  }

  listCards(customerId: string, params: Params): Wire {
    const customer = this.customer(customerId);
    allowOnly(params, ['limit', 'offset', 'since', 'until']);
    const cards = customer.cardIds.map((id) => this.state.cards.get(id)).filter((c): c is CardRecord => c !== undefined);
    return listWire(`/v1/customers/${customer.id}/cards`, newestFirst(cards), parsePage(params), cardWire);
  }

  retrieveCard(customerId: string, cardId: string): Wire {
    return cardWire(this.customerCard(this.customer(customerId), cardId));
  }

  updateCard(customerId: string, cardId: string, params: Params): Wire {
    const customer = this.customer(customerId);
    const card = this.customerCard(customer, cardId);
    allowOnly(params, [...CARD_DETAIL_KEYS, 'metadata']);
    const flat: Record<string, string> = {};
    for (const key of CARD_DETAIL_KEYS) {
      const value = str(params, key);
      if (value !== undefined) flat[key] = value;
    }
    const details = this.cardDetails(flat, false);
    const metadata = mergeMetadata(card.metadata, nested(params, 'metadata'));
    for (const key of CARD_DETAIL_KEYS) {
      const value = details[key];
      if (value !== undefined) card[key] = value;
    }
    card.metadata = metadata;
    const wire = cardWire(card);
    this.event('customer.card.updated', 'card', card.id, wire);
    return wire;
  }

  deleteCard(customerId: string, cardId: string): Wire {
    const customer = this.customer(customerId);
    const card = this.customerCard(customer, cardId);
    customer.cardIds = customer.cardIds.filter((id) => id !== cardId);
    this.state.cards.delete(cardId);
    if (customer.default_card === cardId) {
      // The most recently added remaining card becomes the default.
      customer.default_card = customer.cardIds.at(-1) ?? null;
    }
    this.event('customer.card.deleted', 'card', card.id, cardWire(card));
    return deletedWire(cardId);
  }

  private attachCard(
    customer: CustomerRecord,
    tokenId: string,
    makeDefault: boolean,
    metadataUpdate: Record<string, string> | undefined,
    emit: boolean,
  ): CardRecord {
    const metadata = mergeMetadata(null, metadataUpdate);
    const peek = this.token(tokenId, 'card');
    const duplicate = customer.cardIds
      .map((id) => this.state.cards.get(id))
      .some(
        (c) =>
          c !== undefined &&
          c.fingerprint === peek.card.fingerprint &&
          c.exp_month === peek.card.exp_month &&
          c.exp_year === peek.card.exp_year,
      );
    if (duplicate) throw invalidParam('already_have_the_same_card', 'card', 'Customer already has the same card.');
    const token = this.consumeToken(tokenId);
    const card: CardRecord = { ...token.card, customer: customer.id, created: this.ctx.now(), seq: this.state.nextSeq(), metadata };
    this.state.cards.set(card.id, card);
    customer.cardIds.push(card.id);
    if (makeDefault || customer.default_card === null) customer.default_card = card.id;
    if (emit) this.event('customer.card.created', 'card', card.id, cardWire(card));
    return card;
  }

  private customer(id: string, param = 'id'): CustomerRecord {
    const customer = this.state.customers.get(id);
    if (!customer) throw noSuch('customer', id, param);
    return customer;
  }

  private customerCard(customer: CustomerRecord, cardId: string, param = 'id'): CardRecord {
    const card = customer.cardIds.includes(cardId) ? this.state.cards.get(cardId) : undefined;
    if (!card) throw noSuch('card', cardId, param);
    return card;
  }

  private email(params: Params): string | null {
    const email = str(params, 'email');
    if (email === undefined || email === '') return null;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 255)
      throw invalidParam('invalid_email', 'email', 'Invalid email address.');
    return email;
  }

  private description(params: Params): string | null {
    const description = str(params, 'description');
    if (description === undefined || description === '') return null;
    if (description.length > 255) throw invalidParam('invalid_string_length', 'description', 'description must be at most 255 characters.');
    return description;
  }

  // -------------------------------------------------------------------------------------------
  // Charges

  createCharge(params: Params): Wire {
    allowOnly(params, ['amount', 'currency', 'card', 'customer', 'description', 'capture', 'expiry_days', 'metadata', 'three_d_secure']);
    if (params.amount === undefined) throw invalidParam('missing_param', 'amount', 'Missing required param: amount');
    const amount = int(params, 'amount', 'invalid_amount') ?? 0;
    if (amount < AMOUNT_MIN || amount > AMOUNT_MAX) {
      throw invalidParam('invalid_amount', 'amount', `amount must be between ${AMOUNT_MIN} and ${AMOUNT_MAX}.`);
    }
    const currency = requiredStr(params, 'currency');
    if (currency !== 'jpy') throw invalidParam('invalid_currency', 'currency', `Invalid currency: ${currency}`);
    const capture = bool(params, 'capture') ?? true;
    const expiryDays = int(params, 'expiry_days', 'invalid_expiry_days');
    if (expiryDays !== undefined) {
      if (capture) throw invalidParam('unnecessary_expiry_days', 'expiry_days', 'expiry_days is only for capture=false.');
      if (expiryDays < 1 || expiryDays > 60)
        throw invalidParam('invalid_expiry_days', 'expiry_days', 'expiry_days must be between 1 and 60.');
    }
    const threeDSecure = bool(params, 'three_d_secure') ?? false;
    const description = this.description(params);
    const metadata = mergeMetadata(null, nested(params, 'metadata'));

    const cardParam = str(params, 'card');
    const customerId = str(params, 'customer');
    let card: CardRecord;
    let customer: string | null = null;
    if (customerId !== undefined) {
      const owner = this.customer(customerId, 'customer');
      if (cardParam?.startsWith('tok_')) {
        throw invalidParam('invalid_card', 'card', 'Pass a card id of the customer, not a token, together with customer.');
      }
      const cardId = cardParam ?? owner.default_card;
      if (!cardId) throw invalidParam('missing_card', 'customer', `Customer ${owner.id} has no card.`);
      card = { ...this.customerCard(owner, cardId, 'card') };
      customer = owner.id;
    } else if (cardParam !== undefined) {
      if (!cardParam.startsWith('tok_')) throw noSuch('token', cardParam, 'card');
      card = { ...this.consumeToken(cardParam).card };
    } else {
      throw invalidParam('missing_card', 'card', 'Either card or customer is required.');
    }

    const charge = this.newCharge({
      amount,
      card,
      customer,
      description,
      metadata,
      three_d_secure_status: threeDSecure ? 'unverified' : null,
      requestedCapture: capture,
      expiryDays: expiryDays ?? 7,
      tdsOpen: threeDSecure,
      subscription: null,
    });
    // With 3-D Secure the authorisation waits for tds_finish: paid=false, captured=false.
    if (!threeDSecure) this.authorise(charge);
    return chargeWire(charge);
  }

  listCharges(params: Params): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until', 'customer', 'subscription', 'tenant', 'term']);
    const customer = str(params, 'customer');
    const subscription = str(params, 'subscription');
    const page = parsePage(params);
    const charges = [...this.state.charges.values()].filter(
      (c) => (customer === undefined || c.customer === customer) && (subscription === undefined || c.subscription === subscription),
    );
    for (const c of charges) this.expireTds(c);
    return listWire('/v1/charges', newestFirst(charges), page, chargeWire);
  }

  retrieveCharge(id: string): Wire {
    const charge = this.charge(id);
    this.expireTds(charge);
    return chargeWire(charge);
  }

  updateCharge(id: string, params: Params): Wire {
    const charge = this.charge(id);
    allowOnly(params, ['description', 'metadata']);
    const description = params.description !== undefined ? this.description(params) : charge.description;
    const metadata = mergeMetadata(charge.metadata, nested(params, 'metadata'));
    charge.description = description;
    charge.metadata = metadata;
    const wire = chargeWire(charge);
    this.event('charge.updated', 'charge', charge.id, wire);
    return wire;
  }

  captureCharge(id: string, params: Params): Wire {
    const charge = this.charge(id);
    allowOnly(params, ['amount']);
    const amount = int(params, 'amount', 'invalid_amount');
    if (!charge.paid) throw invalidState('failed_payment', `Charge ${id} is not authorised.`, { charge: id });
    if (charge.refunded) throw invalidState('cant_capture_refunded_charge', 'Cannot capture a refunded charge.', { charge: id });
    if (charge.captured) throw invalidState('already_captured', `Charge ${id} has already been captured.`, { charge: id });
    if (charge.expired_at !== null && this.ctx.now() > charge.expired_at) {
      throw invalidState('charge_expired', `The authorisation of charge ${id} has expired.`, { charge: id });
    }
    if (amount !== undefined) {
      if (amount < AMOUNT_MIN) throw invalidParam('invalid_amount', 'amount', `amount must be at least ${AMOUNT_MIN}.`);
      if (amount > charge.amount) throw invalidParam('capture_amount_gt_net', 'amount', 'Capture amount exceeds the authorised amount.');
      charge.amount_refunded = charge.amount - amount;
    }
    charge.captured = true;
    charge.captured_at = this.ctx.now();
    charge.expired_at = null;
    const wire = chargeWire(charge);
    this.event('charge.captured', 'charge', charge.id, wire);
    return wire;
  }

  refundCharge(id: string, params: Params): Wire {
    const charge = this.charge(id);
    allowOnly(params, ['amount', 'refund_reason']);
    const amount = int(params, 'amount', 'invalid_refund_amount');
    const reason = str(params, 'refund_reason');
    if (reason !== undefined && reason.length > 255)
      throw invalidParam('invalid_refund_reason', 'refund_reason', 'refund_reason is too long.');
    if (!charge.paid) throw invalidState('failed_payment', `Charge ${id} was not paid.`, { charge: id });
    if (charge.refunded) throw invalidState('already_refunded', `Charge ${id} has already been refunded.`, { charge: id });
    const remaining = charge.amount - charge.amount_refunded;
    if (!charge.captured) {
      // Refunding an authorisation cancels it; it cannot be partial.
      if (amount !== undefined)
        throw invalidParam('invalid_amount_to_not_captured', 'amount', 'Cannot partially refund an uncaptured charge.');
      charge.amount_refunded = charge.amount;
    } else {
      const refund = amount ?? remaining;
      if (refund < 1) throw invalidParam('invalid_refund_amount', 'amount', 'Invalid refund amount.');
      if (refund > remaining) throw invalidParam('refund_amount_gt_net', 'amount', 'Refund amount exceeds the remaining amount.');
      charge.amount_refunded += refund;
    }
    charge.refunded = charge.amount_refunded >= charge.amount;
    if (reason !== undefined) charge.refund_reason = reason;
    const wire = chargeWire(charge);
    this.event('charge.refunded', 'charge', charge.id, wire);
    return wire;
  }

  finishChargeTds(id: string): Wire {
    const charge = this.charge(id);
    this.expireTds(charge);
    if (!charge.tdsOpen) throw invalidState('not_in_three_d_secure_flow', `Charge ${id} is not in a 3-D Secure flow.`, { charge: id });
    this.assertTdsPassed(charge.three_d_secure_status, id);
    charge.tdsOpen = false;
    this.authorise(charge);
    return chargeWire(charge);
  }

  /**
   * A subscription's charge on the customer's default card (subscriptions.ts): recorded with its
   * `subscription`, charge.succeeded or charge.failed emitted. Returns the charge, or the failure
   * (no charge at all when the customer has no card).
   */
  chargeForSubscription(
    customerId: string,
    amount: number,
    subscriptionId: string,
  ): { charge: ChargeRecord } | { error: PayjpApiError; charge: ChargeRecord | null } {
    const owner = this.customer(customerId, 'customer');
    const cardRecord = owner.default_card ? this.state.cards.get(owner.default_card) : undefined;
    if (!cardRecord) return { error: invalidParam('missing_card', 'customer', `Customer ${owner.id} has no card.`), charge: null };
    const charge = this.newCharge({
      amount,
      card: { ...cardRecord },
      customer: owner.id,
      description: null,
      metadata: null,
      three_d_secure_status: null,
      requestedCapture: true,
      expiryDays: 7,
      tdsOpen: false,
      subscription: subscriptionId,
    });
    try {
      this.authorise(charge);
    } catch (error) {
      if (!(error instanceof PayjpApiError)) throw error;
      return { error, charge };
    }
    return { charge };
  }

  /** A new, not yet authorised charge (stored). */
  private newCharge(
    fields: Pick<
      ChargeRecord,
      | 'amount'
      | 'card'
      | 'customer'
      | 'description'
      | 'metadata'
      | 'three_d_secure_status'
      | 'requestedCapture'
      | 'expiryDays'
      | 'tdsOpen'
      | 'subscription'
    >,
  ): ChargeRecord {
    const charge: ChargeRecord = {
      id: newId('ch_'),
      created: this.ctx.now(),
      seq: this.state.nextSeq(),
      currency: 'jpy',
      paid: false,
      captured: false,
      captured_at: null,
      expired_at: null,
      failure_code: null,
      failure_message: null,
      refunded: false,
      amount_refunded: 0,
      refund_reason: null,
      ...fields,
    };
    this.state.charges.set(charge.id, charge);
    return charge;
  }

  /** Authorises (and, when asked, captures) at the card network — where charge-time test cards fail. */
  private authorise(charge: ChargeRecord): void {
    const behaviour = charge.card.behaviour;
    const now = this.ctx.now();
    if (behaviour && (behaviour.declineAbove === undefined || charge.amount > behaviour.declineAbove)) {
      charge.failure_code = behaviour.code;
      charge.failure_message = behaviour.message;
      this.event('charge.failed', 'charge', charge.id, chargeWire(charge));
      throw cardError(behaviour.code, behaviour.message, { charge: charge.id });
    }
    charge.paid = true;
    charge.captured = charge.requestedCapture;
    charge.captured_at = charge.captured ? now : null;
    charge.expired_at = charge.captured ? null : authorisationExpiry(now, charge.expiryDays);
    this.event('charge.succeeded', 'charge', charge.id, chargeWire(charge));
  }

  private charge(id: string): ChargeRecord {
    const charge = this.state.charges.get(id);
    if (!charge) throw noSuch('charge', id);
    return charge;
  }

  private expireTds(charge: ChargeRecord): void {
    if (charge.tdsOpen && this.ctx.now() > charge.created + TDS_TIMEOUT_SECONDS) charge.tdsOpen = false;
  }

  private assertTdsPassed(status: TdsStatus | null, chargeId?: string): void {
    const extra = chargeId ? { charge: chargeId } : {};
    if (status === 'verified' || status === 'attempted') return;
    if (status === 'unverified' || status === null) {
      throw invalidState('three_d_secure_incompleted', '3-D Secure authentication has not been completed.', extra);
    }
    throw invalidState('three_d_secure_failed', '3-D Secure authentication failed.', extra);
  }

  // -------------------------------------------------------------------------------------------
  // 3-D Secure requests (for a customer's card) and the start page's targets

  createTdsRequest(params: Params): Wire {
    allowOnly(params, ['resource_id', 'tenant_id']);
    const resourceId = requiredStr(params, 'resource_id');
    const card = this.state.cards.get(resourceId);
    if (!card) throw noSuch('card', resourceId, 'resource_id');
    const record: TdsRequestRecord = {
      id: newId('tdsr_'),
      created: this.ctx.now(),
      seq: this.state.nextSeq(),
      resource_id: resourceId,
      state: 'created',
      started_at: null,
      result_received_at: null,
      finished_at: null,
      expired_at: null,
      three_d_secure_status: 'unverified',
    };
    this.state.tdsRequests.set(record.id, record);
    return tdsRequestWire(record);
  }

  listTdsRequests(params: Params): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until', 'resource_id', 'tenant_id']);
    const resourceId = str(params, 'resource_id');
    const items = [...this.state.tdsRequests.values()].filter((r) => resourceId === undefined || r.resource_id === resourceId);
    for (const r of items) this.expireTdsRequest(r);
    return listWire('/v1/three_d_secure_requests', newestFirst(items), parsePage(params), tdsRequestWire);
  }

  retrieveTdsRequest(id: string): Wire {
    const record = this.state.tdsRequests.get(id);
    if (!record) throw noSuch('three_d_secure_request', id);
    this.expireTdsRequest(record);
    return tdsRequestWire(record);
  }

  private expireTdsRequest(r: TdsRequestRecord): void {
    if (r.state !== 'finished' && r.expired_at === null && this.ctx.now() > r.created + TDS_TIMEOUT_SECONDS) {
      r.expired_at = r.created + TDS_TIMEOUT_SECONDS;
    }
  }

  /** Finds what a start page refers to, or explains (in Japanese, for the page) why it cannot start. */
  tdsTarget(id: string): TdsTarget | { error: string } {
    const now = this.ctx.now();
    if (id.startsWith('ch_')) {
      const record = this.state.charges.get(id);
      if (!record) return { error: '指定された支払いが見つかりません。' };
      this.expireTds(record);
      if (!record.tdsOpen) return { error: 'この支払いは3Dセキュア認証の受付期間を過ぎているか、認証が不要です。' };
      return { kind: 'charge', record };
    }
    if (id.startsWith('tok_')) {
      const record = this.state.tokens.get(id);
      if (!record) return { error: '指定されたトークンが見つかりません。' };
      if (!record.tds || record.tds.finished || now > record.tds.startedAt + TDS_TIMEOUT_SECONDS) {
        return { error: 'このトークンは3Dセキュア認証の受付期間を過ぎているか、認証が不要です。' };
      }
      return { kind: 'token', record };
    }
    if (id.startsWith('tdsr_')) {
      const record = this.state.tdsRequests.get(id);
      if (!record) return { error: '指定された3Dセキュアリクエストが見つかりません。' };
      this.expireTdsRequest(record);
      if (record.expired_at !== null || record.state === 'finished') {
        return { error: 'この3Dセキュアリクエストは期限切れか、すでに完了しています。' };
      }
      return { kind: 'tdsr', record };
    }
    return { error: '3Dセキュアの対象として指定されたIDが正しくありません。' };
  }

  tdsStarted(target: TdsTarget): void {
    if (target.kind === 'tdsr' && target.record.state === 'created') {
      target.record.state = 'in_progress';
      target.record.started_at = this.ctx.now();
    }
  }

  /** The cardholder's answer on the challenge page. Abandoning leaves the status `unverified`. */
  tdsResult(target: TdsTarget, outcome: TdsOutcome): void {
    if (outcome === 'abandoned') return;
    const status: TdsStatus = outcome;
    if (target.kind === 'charge') target.record.three_d_secure_status = status;
    else if (target.kind === 'token') target.record.card.three_d_secure_status = status;
    else {
      const now = this.ctx.now();
      target.record.three_d_secure_status = status;
      target.record.state = 'finished';
      target.record.result_received_at = now;
      target.record.finished_at = now;
      const card = this.state.cards.get(target.record.resource_id);
      if (card) card.three_d_secure_status = status;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Events

  listEvents(params: Params): Wire {
    allowOnly(params, ['limit', 'offset', 'since', 'until', 'resource_id', 'object', 'type']);
    const resourceId = str(params, 'resource_id');
    const object = str(params, 'object');
    const type = str(params, 'type');
    const items = [...this.state.events.values()].filter(
      (e) =>
        (resourceId === undefined || e.resourceId === resourceId) &&
        (object === undefined || e.object === object) &&
        (type === undefined || e.type === type),
    );
    return listWire('/v1/events', newestFirst(items), parsePage(params), eventWire);
  }

  retrieveEvent(id: string): Wire {
    const event = this.state.events.get(id);
    if (!event) throw noSuch('event', id);
    return eventWire(event);
  }
}

/**
 * PAY.JP: an authorisation made with expiry_days=N lapses at 23:59:59 (Asia/Tokyo) N−1 days after
 * the request ("60日に設定した場合、認証期限は59日後の11:59PM").
 */
export function authorisationExpiry(nowSeconds: number, expiryDays: number): number {
  const jstOffset = 9 * 3600;
  const jstDayStart = Math.floor((nowSeconds + jstOffset) / 86_400) * 86_400 - jstOffset;
  return jstDayStart + expiryDays * 86_400 - 1;
}
