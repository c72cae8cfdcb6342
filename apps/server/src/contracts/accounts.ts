/** A user's contract account in one margin coin, as positions, triggers and balances name it. */
export type AccountRef = { userId: number; currencyId: number };

export const accountKey = (userId: number, currencyId: number) => `${userId}:${currencyId}`;

/** Rows grouped by their account (accountKey), in first-seen order. */
export function groupByAccount<T extends AccountRef>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = accountKey(row.userId, row.currencyId);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The accounts these rows belong to, each once. */
export const distinctAccounts = (rows: readonly AccountRef[]): AccountRef[] =>
  [...groupByAccount(rows).values()].map(([row]) => ({ userId: row!.userId, currencyId: row!.currencyId }));

/** The user ids of these accounts per margin coin (one query per coin reads them all). */
export function usersPerCoin(accounts: readonly AccountRef[]): Map<number, number[]> {
  const perCoin = new Map<number, number[]>();
  for (const { userId, currencyId } of accounts) {
    const list = perCoin.get(currencyId);
    if (list) list.push(userId);
    else perCoin.set(currencyId, [userId]);
  }
  return perCoin;
}
