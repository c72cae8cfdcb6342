/** Back office, wealth products in general (menu entries, the time zone, job runs): English and Chinese strings with the same keys. */
export const wealthEn = {
  'menu.wealth': 'Wealth: jobs and funding',
  'menu.mining': 'Lock-up mining',
  'menu.ieo': 'IEO',
  'menu.invest': 'Dual investment',
} as const;

export const wealthZh: Record<keyof typeof wealthEn, string> = {
  'menu.wealth': '理财：任务与资金',
  'menu.mining': '锁仓挖矿',
  'menu.ieo': 'IEO',
  'menu.invest': '双币投资',
};
