/** Whether a spot pair matches what was typed: "eth", "ETH/USDT" and "ethusdt" all find ETH/USDT. */
export const matchesPair = (symbol: string, text: string) => {
  const plain = (value: string) => value.toUpperCase().replace(/[\s/_-]/g, '');
  return plain(symbol).includes(plain(text));
};
