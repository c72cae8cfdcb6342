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
  'password_too_long',
  'old_password_wrong',
  'email_invalid',
  'mobile_invalid',
  'nickname_invalid',
  'signature_invalid',
  'upload_missing',
  'upload_type_refused',
  'upload_too_large',
  'upload_quota_exceeded',
  'insufficient_balance',
  'wrong_number',
  'feature_under_development',
  'contact_service_before_recharge',
  'not_found',
  'forbidden',
  'internal_error',
  // Operator accounts (password_reused also answers a user's new login password equal to the current one)
  'password_weak',
  'password_reused',
  'password_change_required',
  'operator_disabled',
  'operator_self',
  'last_admin',
  // Funds and identity
  'already_reviewed',
  'currency_unavailable',
  'withdraw_below_minimum',
  'withdraw_limit_exceeded',
  'deposit_address_required',
  'deposit_below_minimum',
  // Idempotency keys and inventories (ledger trust)
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'exchange_inventory_short',
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
  // Identity names, bank card fields and wallet addresses checked by their formats (identity-rules.ts, bank-card-rules.ts, address-rules.ts).
  'name_invalid',
  'card_number_invalid',
  'account_number_invalid',
  'swift_code_invalid',
  'aba_number_invalid',
  'text_invalid',
  'address_duplicate',
  'transfer_same_account',
  'transfer_target_unused',
  'exchange_same_currency',
  'reason_required',
  'pay_password_locked',
  'identity_card_in_use',
  'photos_identical',
  'voucher_used',
  // Accounts: a login locked after failures in a row, money calls before a pay password, binding, security codes.
  'login_locked',
  'pay_password_not_set',
  'login_password_wrong',
  'code_target_not_own',
  // Spot trading
  'no_liquidity',
  'symbol_disabled',
  'symbol_exists',
  'start_price_locked',
  // A spot symbol whose price or quantity decimals are finer than its coins' smallest units.
  'symbol_decimals_invalid',
  // A symbol's writer could not read its book (at start, or after a failed batch): no orders until it can.
  'market_unavailable',
  // Several server processes: what was asked is moving to another process (fail-over, a rolling restart); nothing was done.
  'service_switching',
  // Spot anti-abuse: open orders per user, a symbol's minimum order value, orders and cancels per user and second.
  'open_orders_too_many',
  'order_value_too_small',
  // A spot price or amount off its symbol's grid; the message names the tick or step (spot-order-rules.ts).
  'price_tick',
  'quantity_step',
  'orders_too_frequent',
  // A notice rather than a refusal: the translated text PUT /coin/trade answers with.
  'order_cancelled',
  // Index prices (issue 10): a symbol without a fresh recorded index tick pauses what needs one.
  'index_unavailable',
  // Seconds options (options/).
  'option_duration_unavailable',
  'option_stake_out_of_range',
  'option_exposure_exceeded',
  'option_pool_short',
  // Contracts (contracts/).
  'contract_market_closed',
  'contract_multiple_not_allowed',
  'contract_lots_out_of_range',
  'contract_take_profit_side',
  'contract_stop_loss_side',
  'contract_position_closed',
  // A transfer out of the contract account larger than what open positions leave free.
  'contract_transfer_exceeds_free',
  // Operator levers (issue 22): a back-office debit of a contract account holding open positions; a spread
  // above its bound (contract-settings-rules.ts); one user's open option stake on a symbol past its limit.
  'balance_adjust_contract_open',
  'contract_spread_too_wide',
  'option_user_exposure_exceeded',
  // Wealth products (mining/, ieo/, invest/).
  'wealth_product_unavailable',
  'wealth_amount_below_minimum',
  'wealth_amount_above_maximum',
  'wealth_times_invalid',
  'mining_order_ended',
  'mining_rate_out_of_range',
  'mining_rate_day_started',
  'ieo_not_in_progress',
  'ieo_price_changed',
  'ieo_user_cap_exceeded',
  'ieo_project_started',
  'invest_quantity_integer',
  'invest_sold_out',
  'invest_sale_closed',
  'invest_product_locked',
  // Content and customer service (content/, support/).
  'content_english_required',
  'content_title_required',
  'content_too_long',
  'support_message_empty',
  'support_message_too_long',
  // Invitations, rebates and coupons (referrals/, coupons/).
  'referral_shares_invalid',
  'coupon_not_claimable',
  'coupon_sold_out',
  'coupon_limit_reached',
  'coupon_not_eligible',
  'coupon_unavailable',
  'coupon_expired',
  'coupon_wrong_kind',
  'coupon_value_mismatch',
  'coupon_experience_unusable',
  'coupon_fund_short',
  // Notifications (notifications/).
  'notice_english_required',
  'notice_text_invalid',
  'notice_withdrawn',
  // NFT marketplace (nft/).
  'nft_not_on_sale',
  'nft_bid_too_low',
  'nft_margin_required',
  'nft_margin_paid',
  'nft_own_item',
  'nft_not_resellable',
  'nft_box_opened',
  'nft_sold_out',
  'nft_order_closed',
  'nft_order_expired',
  'nft_times_invalid',
  'nft_currency_unavailable',
  'nft_media_refused',
  'nft_media_mismatch',
  'nft_item_locked',
  'nft_series_locked',
  'nft_seed_key_missing',
  'nft_pool_empty',
  'nft_listing_started',
  // OTC and quick buy (otc/).
  'otc_merchant_required',
  'otc_merchant_pending',
  'otc_merchant_exists',
  'otc_ad_unavailable',
  'otc_own_ad',
  'otc_amount_out_of_range',
  'otc_ad_insufficient',
  'otc_fiat_limit_exceeded',
  'otc_payment_method_missing',
  'otc_payment_method_unavailable',
  'otc_open_orders_too_many',
  'otc_too_many_cancels',
  'otc_order_state',
  'otc_proof_required',
  'otc_no_ad',
  'otc_ads_too_many',
  'otc_limits_invalid',
  'otc_margin_out_of_range',
  'otc_fiat_unavailable',
  'otc_message_empty',
  'otc_message_too_long',
  'otc_appeal_reason_required',
  'otc_merchant_name_invalid',
  'otc_pay_minutes_invalid',
  // Loans (loans/).
  'loan_product_unavailable',
  'loan_amount_below_minimum',
  'loan_amount_above_maximum',
  'loan_ltv_too_high',
  'loan_pool_short',
  'loan_closed',
  'loan_repay_exceeds_debt',
  'loan_ltv_levels_invalid',
  'loan_collateral_invalid',
  // Copy trading (copy/).
  'copy_agreement_required',
  'copy_trader_unavailable',
  'copy_self_follow',
  'copy_trader_cannot_follow',
  'copy_follows_max',
  'copy_ratio_above_max',
  'copy_lots_above_max',
  'copy_not_following',
  'copy_position_locked',
  'copy_not_a_copy',
  'copy_apply_while_following',
  'copy_already_applied',
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
    case 'password_change_required':
    case 'operator_disabled':
      return 403;
    case 'not_found':
    case 'account_not_found':
      return 404;
    case 'too_many_requests':
    case 'code_too_frequent':
    case 'pay_password_locked':
    case 'login_locked':
    case 'orders_too_frequent':
      return 429;
    case 'upload_too_large':
      return 413;
    case 'internal_error':
      return 500;
    case 'market_unavailable':
    case 'service_switching':
    case 'index_unavailable':
    case 'option_pool_short':
    case 'coupon_fund_short':
    case 'loan_pool_short':
      return 503;
    case 'already_reviewed':
    case 'idempotency_key_reused':
    case 'idempotency_in_progress':
    case 'operator_self':
    case 'last_admin':
    case 'symbol_exists':
    case 'start_price_locked':
    case 'contract_position_closed':
    case 'notice_withdrawn':
    case 'loan_closed':
    case 'copy_already_applied':
      return 409;
    default:
      return 400;
  }
}
