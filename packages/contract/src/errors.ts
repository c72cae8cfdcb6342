/**
 * Coded errors shared by server and clients. Clients and tests match on the code; the server turns a
 * code into the envelope type and a message translated into the request's language (messages.ts).
 */
export const ERROR_CODES = [
  'not_logged_in', // 999
  'session_invalid', // 999
  'verification_required', // 998
  'parameter_error',
  'login_failed',
  'registration_failed',
  'account_exists',
  'account_not_found',
  'invite_code_invalid',
  'code_invalid',
  'code_too_frequent',
  'too_many_requests',
  'passwords_inconsistent',
  'password_too_short',
  'old_password_wrong',
  'email_invalid',
  'mobile_invalid',
  'nickname_invalid',
  'signature_invalid',
  'upload_missing',
  'upload_type_refused',
  'upload_too_large',
  'insufficient_balance',
  'wrong_number',
  'feature_under_development',
  'contact_service_before_recharge',
  'not_found',
  'forbidden',
  'internal_error',
  // Funds and identity
  'already_reviewed',
  'currency_unavailable',
  'withdraw_below_minimum',
  'withdraw_limit_exceeded',
  'pay_password_required',
  'pay_password_wrong',
  'address_invalid',
  'destination_required',
  'bank_card_incomplete',
  'identity_under_review',
  'identity_already_verified',
  'identity_basic_first',
  'identity_bind_first',
  'id_number_invalid',
  'name_required',
  'photos_required',
  'voucher_required',
  'qrcode_required',
  'transfer_same_account',
  'exchange_same_currency',
  'reason_required',
  'pay_password_locked',
  'identity_card_in_use',
  'photos_identical',
  'voucher_used',
  // Spot trading
  'no_liquidity',
  'symbol_disabled',
  'symbol_exists',
  'start_price_locked',
  // A symbol's writer could not restore its book after a failed batch: no orders until it can.
  'market_unavailable',
  // A notice rather than a refusal: the translated text PUT /coin/trade answers with.
  'order_cancelled',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Which envelope type a code answers with (spec section 8). */
export function envelopeTypeOf(code: ErrorCode): '999' | '998' | 'error' {
  switch (code) {
    case 'not_logged_in':
    case 'session_invalid':
      return '999';
    case 'verification_required':
      return '998';
    default:
      return 'error';
  }
}

/** HTTP status that fits a code; 999 and 998 are answered with 200 as the spec's client expects. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'not_logged_in':
    case 'session_invalid':
    case 'verification_required':
      return 200;
    case 'forbidden':
      return 403;
    case 'not_found':
    case 'account_not_found':
      return 404;
    case 'too_many_requests':
    case 'code_too_frequent':
    case 'pay_password_locked':
      return 429;
    case 'upload_too_large':
      return 413;
    case 'internal_error':
      return 500;
    case 'market_unavailable':
      return 503;
    case 'already_reviewed':
    case 'symbol_exists':
    case 'start_price_locked':
      return 409;
    default:
      return 400;
  }
}
