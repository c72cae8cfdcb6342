/**
 * How a buyer pays a seller outside the platform: the seller's domestic or international bank card
 * (kept in settings by funds/cards.ts) or their account of a method the operator offers. An order copies
 * the seller's details for the ad's methods when it is placed, so a later edit cannot redirect a payment
 * already under way.
 */
import type { OtcPaymentDetail, OtcPaymentSaveInput, OtcPaymentSetup } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { findBankCard } from '../funds/repository.ts';
import { DomainError } from '../http/errors.ts';
import { deletePaymentAccount, findMethod, listMethods, paymentAccountsOf, upsertPaymentAccount, type Method, type PaymentAccount } from './repository.ts';
import { methodView } from './views.ts';

/** The card fields a buyer needs to pay, by card kind (the phone, province and city stay private). */
const CARD_FIELDS_SHOWN = {
  bank: ['real_name', 'bank_account', 'bank_name', 'bank_branch'],
  international: ['real_name', 'bank_account', 'bank_name', 'bank_branch', 'swift_code', 'aba_number', 'bank_network'],
} as const;

function detailOf(method: Method, card: { bank?: Record<string, string>; international?: Record<string, string> }, accounts: PaymentAccount[]): OtcPaymentDetail | null {
  if (method.kind === 'account') {
    const account = accounts.find((a) => a.methodId === method.id);
    return account ? { method_id: method.id, kind: method.kind, name: method.name, fields: { holder: account.holder, account: account.account } } : null;
  }
  const details = card[method.kind];
  if (!details) return null;
  const fields = Object.fromEntries(CARD_FIELDS_SHOWN[method.kind].flatMap((name) => (details[name] ? [[name, details[name]]] : [])));
  return { method_id: method.id, kind: method.kind, name: method.name, fields };
}

/** The user's details for each enabled method (all of them, or those of `methodIds`), leaving out the ones they have not set. */
async function detailsFor(db: Executor, userId: number, methodIds?: readonly number[]) {
  const methods = (await listMethods(db, true)).filter((m) => methodIds === undefined || methodIds.includes(m.id));
  const [bank, international, accounts] = await Promise.all([findBankCard(db, userId, 'bank'), findBankCard(db, userId, 'international'), paymentAccountsOf(db, userId)]);
  return methods.map((method) => ({ method, detail: detailOf(method, { bank, international }, accounts) }));
}

/** What an order copies: the seller's details for the ad's methods that are on offer and filled in. */
export async function paymentDetailsOf(db: Executor, userId: number, methodIds: readonly number[]): Promise<OtcPaymentDetail[]> {
  return (await detailsFor(db, userId, methodIds)).flatMap(({ detail }) => (detail ? [detail] : []));
}

/** GET /otc/payment/accounts: every method on offer with the user's details for it, or null. */
export async function paymentSetup(db: Executor, userId: number): Promise<OtcPaymentSetup> {
  return (await detailsFor(db, userId)).map(({ method, detail }) => ({ method: methodView(method), detail }));
}

/** An enabled method of the operator's (cards are saved in settings); otc_payment_method_unavailable otherwise. */
async function accountMethod(db: Executor, methodId: number): Promise<Method> {
  const method = await findMethod(db, methodId);
  if (!method || !method.enabled || method.kind !== 'account') throw new DomainError('otc_payment_method_unavailable');
  return method;
}

/** POST /otc/payment/save: confirmed (pay password or code) once the method is known to be one the user may fill in. */
export async function savePaymentAccount(db: Executor, userId: number, input: OtcPaymentSaveInput, confirm: () => Promise<void>, now: number) {
  const method = await accountMethod(db, input.method_id);
  await confirm();
  await upsertPaymentAccount(db, { userId, methodId: method.id, holder: input.holder, account: input.account, updatedAt: now });
  return paymentSetup(db, userId);
}

/** POST /otc/payment/delete: orders already placed keep the details they copied. */
export async function removePaymentAccount(db: Executor, userId: number, methodId: number) {
  if (!(await deletePaymentAccount(db, userId, methodId))) throw new DomainError('not_found');
  return paymentSetup(db, userId);
}
