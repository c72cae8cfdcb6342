export type ContractKind = 'futures' | 'stock';

export const CONTRACT_PATH = '/pages/transaction/contract';
export const CONTRACT_ORDERS_PATH = '/pages/transaction/contract_order';

/** The contract screen for a kind (futures or stock) and, optionally, one of its symbols. */
export function contractPath(kind: ContractKind, symbol?: string) {
  const params = new URLSearchParams({ kind });
  if (symbol) params.set('symbol', symbol);
  return `${CONTRACT_PATH}?${params}`;
}
