/** Back office, coupons: English and Chinese strings with the same keys. */
export const couponsEn = {
  'menu.coupons': 'Coupons',
} as const;

export const couponsZh: Record<keyof typeof couponsEn, string> = {
  'menu.coupons': '优惠券',
};
