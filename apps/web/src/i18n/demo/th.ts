import type { Catalogue } from '../catalogue.ts';

/** demo: th strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "ทดลอง",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "ราคาในสมุดคำสั่งเสนอโดยผู้ดูแลสภาพคล่องของแพลตฟอร์ม (บัญชี {{account}}): คำสั่งของผู้ดูแลเป็นคำสั่งจริงและใช้เงินทุนของแพลตฟอร์ม",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "ระบบพัฒนา: เทรดเดอร์ทดลอง ({{names}}) ซื้อขายกับผู้ดูแลนี้",
};
