/** Back office, invitations and rebates: English and Chinese strings with the same keys. */
export const referralsEn = {
  'menu.referrals': 'Invitations and rebates',
} as const;

export const referralsZh: Record<keyof typeof referralsEn, string> = {
  'menu.referrals': '邀请与返佣',
};
