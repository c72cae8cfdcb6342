/**
 * The pure rules the screens apply before they ask the server (`@fairex/contract/rules`): spot and
 * contract arithmetic, order limits, option rules, wealth, loan and copy-trading rules, account kinds, identity numbers and names, bank card fields, wallet addresses, realtime room
 * names, the index tick chain and the proof-of-liabilities tree. No zod: the web app imports this without building the schemas.
 */
export * from './spot-rules.ts';
export * from './spot-limits.ts';
export * from './spot-order-rules.ts';
export * from './market-rules.ts';
export * from './option-rules.ts';
export * from './contract-rules.ts';
export * from './calendar.ts';
export * from './wealth-rules.ts';
export * from './nft-rules.ts';
export * from './loan-rules.ts';
export * from './otc-rules.ts';
export * from './copy-rules.ts';
export * from './accounts.ts';
export * from './identity-rules.ts';
export * from './bank-card-rules.ts';
export * from './address-rules.ts';
export * from './rooms.ts';
export * from './tick-chain.ts';
export * from './liabilities-proof.ts';
