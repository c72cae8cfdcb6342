import type { ReactNode } from 'react';

/**
 * The app's icon set: 24-unit line icons drawn in currentColor, so they follow the theme's text and
 * accent variables. Icons are decorative (aria-hidden); the control around them carries the name.
 */
const ICONS = {
  home: (
    <>
      <path d="M3.5 10.5 12 3.5l8.5 7" />
      <path d="M5.5 9v11h13V9" />
      <path d="M10 20v-5.5h4V20" />
    </>
  ),
  market: (
    <>
      <path d="M3.5 20.5h17" />
      <path d="M4 15.5l4.5-5 4 3.5 7.5-8.5" />
      <path d="M15.5 5.5H20V10" />
    </>
  ),
  trade: (
    <>
      <path d="M4 8h15l-4-4" />
      <path d="M20 16H5l4 4" />
    </>
  ),
  finance: (
    <>
      <ellipse cx="12" cy="6" rx="7.5" ry="2.8" />
      <path d="M4.5 6v4c0 1.5 3.4 2.8 7.5 2.8s7.5-1.3 7.5-2.8V6" />
      <path d="M4.5 10v4c0 1.5 3.4 2.8 7.5 2.8s7.5-1.3 7.5-2.8v-4" />
      <path d="M4.5 14v4c0 1.5 3.4 2.8 7.5 2.8s7.5-1.3 7.5-2.8v-4" />
    </>
  ),
  assets: (
    <>
      <path d="M4 7.5h14.5a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V6a2.5 2.5 0 0 1 2.5-2.5H17v4" />
      <path d="M16 14h.01" />
      <circle cx="16" cy="14" r="1" />
    </>
  ),
  recharge: (
    <>
      <path d="M12 3.5v11" />
      <path d="M7.5 10 12 14.5 16.5 10" />
      <path d="M4 15v3.5A2 2 0 0 0 6 20.5h12a2 2 0 0 0 2-2V15" />
    </>
  ),
  withdraw: (
    <>
      <path d="M12 14.5v-11" />
      <path d="M7.5 8 12 3.5 16.5 8" />
      <path d="M4 15v3.5A2 2 0 0 0 6 20.5h12a2 2 0 0 0 2-2V15" />
    </>
  ),
  stock: (
    <>
      <path d="M7 3.5v3M7 16.5v4M17 5.5v3M17 17v2.5" />
      <rect x="5" y="6.5" width="4" height="10" rx="1" />
      <rect x="15" y="8.5" width="4" height="8.5" rx="1" />
    </>
  ),
  futures: (
    <>
      <path d="M3.5 17.5 9 12l3.5 3.5 8-8" />
      <path d="M15 7.5h5.5V13" />
      <path d="M3.5 21h17" />
    </>
  ),
  copyTrade: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.5-3.5 3.2-5.5 6.5-5.5s6 2 6.5 5.5" />
      <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4" />
      <path d="M18 14.8c2 .8 3.2 2.6 3.5 5.2" />
    </>
  ),
  superLeverage: <path d="M13.5 2.5 5 13.5h6l-1 8 8.5-11h-6z" />,
  otc: (
    <>
      <circle cx="8" cy="8" r="4.5" />
      <circle cx="16" cy="16" r="4.5" />
      <path d="M17 3.5h3.5V7M7 20.5H3.5V17" />
    </>
  ),
  coupon: (
    <>
      <path d="M3.5 7a1.5 1.5 0 0 1 1.5-1.5h14A1.5 1.5 0 0 1 20.5 7v2.5a2.5 2.5 0 0 0 0 5V17a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 17v-2.5a2.5 2.5 0 0 0 0-5z" />
      <path d="M14.5 5.5v13" strokeDasharray="2 2" />
    </>
  ),
  bill: (
    <>
      <path d="M5.5 3.5h13v17l-2.2-1.5-2.1 1.5-2.2-1.5-2.2 1.5-2.1-1.5-2.2 1.5z" />
      <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
    </>
  ),
  exchange: (
    <>
      <path d="M7 3.5v17M7 20.5l-3.5-3.5M17 20.5v-17M17 3.5l3.5 3.5" />
    </>
  ),
  mining: (
    <>
      <path d="M4 8.5C7.5 5 13 4 18 5.5" />
      <path d="M15.5 3 20 7.5" />
      <path d="m11.5 9 -7.5 11.5M14 11.5 3.5 20.5" />
    </>
  ),
  game: (
    <>
      <path d="M7 7.5h10a4.5 4.5 0 0 1 4.4 5.4l-.8 4a2.5 2.5 0 0 1-4.3 1.2L14 15.5h-4l-2.3 2.6a2.5 2.5 0 0 1-4.3-1.2l-.8-4A4.5 4.5 0 0 1 7 7.5z" />
      <path d="M8 10v3.5M6.3 11.8h3.4" />
      <circle cx="16" cy="11" r=".6" />
      <circle cx="17.5" cy="13.2" r=".6" />
    </>
  ),
  chat: (
    <>
      <path d="M20.5 11.5a8 7 0 0 1-11.3 6.3L4 19.5l1.4-4A7 7 0 0 1 3.5 11.5a8.5 7 0 0 1 17 0z" />
      <path d="M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01" />
    </>
  ),
  quickBuy: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
      <path d="M2.5 10h19" />
      <path d="M6.5 15h4" />
    </>
  ),
  nft: (
    <>
      <path d="M12 2.5 20.5 7.3v9.4L12 21.5 3.5 16.7V7.3z" />
      <path d="M8 15.5V9l4 6.5V9M15.5 15.5V9h2.2" />
    </>
  ),
  defi: (
    <>
      <path d="M12 2.5 20 7l-8 4.5L4 7z" />
      <path d="m4 12 8 4.5 8-4.5" />
      <path d="m4 17 8 4.5 8-4.5" />
    </>
  ),
  cloud: (
    <>
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-9 6 6 0 0 1 11.5 1.5 4 4 0 0 1-.4 7.5z" />
      <path d="M12 11v5M9.8 13.8 12 16l2.2-2.2" />
    </>
  ),
  transfer: (
    <>
      <path d="M20 7.5H4M20 7.5l-3.5-3.5M20 7.5 16.5 11" />
      <path d="M4 16.5h16M4 16.5 7.5 13M4 16.5 7.5 20" />
    </>
  ),
  ieo: (
    <>
      <path d="M14 4.5c2.5-1 5-1 6.5-1 0 1.5 0 4-1 6.5-1.3 3.3-4.5 6-6.5 7l-6-6c1-2 3.7-5.2 7-6.5z" />
      <circle cx="15.5" cy="8.5" r="1.6" />
      <path d="M7.8 10.2 4 10.5l3 3M13.8 16.2l-.3 3.8-3-3" />
      <path d="M6.5 16c-1.5.8-2.5 3-2.5 4 1 0 3.2-1 4-2.5" />
    </>
  ),
  options: (
    <>
      <circle cx="12" cy="13" r="7.5" />
      <path d="M12 9v4l2.5 2.5" />
      <path d="M9.5 2.5h5M12 2.5v3" />
    </>
  ),
  borrowing: (
    <>
      <path d="M3 10h18L12 4z" />
      <path d="M5.5 10v7.5M10 10v7.5M14 10v7.5M18.5 10v7.5" />
      <path d="M3 20.5h18" />
    </>
  ),
  back: <path d="M15 4.5 7.5 12l7.5 7.5" />,
  chevronRight: <path d="m9 5 7 7-7 7" />,
  chevronDown: <path d="m6 9.5 6 6 6-6" />,
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  eyeOff: (
    <>
      <path d="M10 5.8A9 9 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.7 3.5M6.3 7.3A16 16 0 0 0 2.5 12S6 18.5 12 18.5a9.2 9.2 0 0 0 4.5-1.2" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3.5 3.5 17 17" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c.8-4 4-6 8-6s7.2 2 8 6" />
    </>
  ),
  camera: (
    <>
      <path d="M3.5 8.5a2 2 0 0 1 2-2h2.3L9.5 4h5l1.7 2.5h2.3a2 2 0 0 1 2 2v9.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  image: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <circle cx="9" cy="9" r="1.8" />
      <path d="m20.5 15.5-5-5-10 10" />
    </>
  ),
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m20 20-4.8-4.8" />
    </>
  ),
  check: <path d="m4.5 12.5 5 5 10-11" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5S9.7 5.9 12 3.5z" />
    </>
  ),
  moon: <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />,
  currency: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M14.8 9.2c-.5-1-1.6-1.6-2.8-1.6-1.6 0-2.8.9-2.8 2.2 0 3 5.6 1.6 5.6 4.5 0 1.3-1.2 2.2-2.8 2.2-1.3 0-2.4-.6-2.9-1.7M12 6v1.6M12 16.5V18" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </>
  ),
  logout: (
    <>
      <path d="M9.5 20.5h-4a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2h4" />
      <path d="M16 16.5 20.5 12 16 7.5M20.5 12h-11" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  spark: (
    <>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4" />
      <path d="m6 6 2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18" />
    </>
  ),
  hourglass: (
    <>
      <path d="M6.5 3.5h11M6.5 20.5h11" />
      <path d="M7.5 3.5c0 4.5 4.5 5.5 4.5 8.5s-4.5 4-4.5 8.5M16.5 3.5c0 4.5-4.5 5.5-4.5 8.5s4.5 4 4.5 8.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5 21.5 20h-19z" />
      <path d="M12 10v4.5M12 17h.01" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </>
  ),
  news: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M7 9h10M7 12.5h10M7 16h6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3M12 14.5v2.5" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3.5 19.5 6v5.5c0 4.5-3.2 7.8-7.5 9-4.3-1.2-7.5-4.5-7.5-9V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
  mail: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  phone: (
    <>
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M11 17.5h2" />
    </>
  ),
  card: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M6.5 15h4" />
    </>
  ),
  wallet: (
    <>
      <path d="M19.5 8V6.5a2 2 0 0 0-2-2h-12a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V16" />
      <path d="M14 9.5h6.5v5H14a2.5 2.5 0 0 1 0-5z" />
    </>
  ),
  idCard: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="8.5" cy="11" r="2" />
      <path d="M5.5 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14 10h4M14 13.5h4" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number | string; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name]}
    </svg>
  );
}
