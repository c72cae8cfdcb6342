import { AgreementScreen, type AgreementText } from '../../components/copy/agreement.tsx';

/** The trader agreement in English: the text a trader accepts is fixed in this language, whatever the app's language. */
const TEXT: AgreementText = {
  title: 'Copy Trading Trader Agreement',
  intro:
    'This agreement sets out the terms on which you, a holder of an account on this platform, act as a trader in copy trading. By ticking the box below and applying, you accept it. The operator reviews your application; the agreement applies from the day it is approved.',
  sections: [
    {
      heading: '1. Your positions are copied',
      paragraphs: [
        'Once you are approved, other users can see your trader page and follow you. Each time you open a contract position of your own, a copy is opened in the contract account of each follower, on the same symbol and side and at the same leverage. The follower chooses the size: a fixed multiple of your lots, or a fixed number of lots.',
        'When you close a position, its copies are closed at the same time and at the same price. A copy is skipped when a follower’s balance is too low or the lots would fall below the symbol’s minimum.',
        'You never hold, manage or see your followers’ funds. A follower may change or cancel the follow at any time, and may take over a copy (self-hold), after which it is the follower’s own position and no longer closes with yours.',
      ],
    },
    {
      heading: '2. Statistics come from real positions',
      paragraphs: [
        'Your statistics (total profit and loss, total return, accuracy, profitable orders, successful longs and shorts, orders and followers) are computed by the platform from your own closed positions since your first trade, net of fees. Copies are never counted, and a trader cannot follow other traders.',
        'Total return is your total profit and loss divided by the margin your closed positions committed; accuracy is the share of closed positions that made a net profit. The figures are refreshed every hour and shown publicly with your nickname or masked account.',
        'You must not try to influence your statistics other than by trading in good faith: for example by splitting, coordinating, mirroring or wash-trading positions, or by using several accounts.',
      ],
    },
    {
      heading: '3. No guarantees',
      paragraphs: [
        'Past results do not predict future results. Neither you nor the platform promises followers any return, and you must not promise returns, ask followers for money, or give them personal investment advice.',
        'Contract trading carries a high risk: followers may lose all the margin of their copies, and you may lose yours. You alone are responsible for your trading decisions.',
      ],
    },
    {
      heading: '4. Profit share',
      paragraphs: [
        'When a copy closes together with your position at a net profit (after its opening and overnight fees), the follower pays you the profit share rate agreed when the follow was made, applied to that net profit and rounded down to the coin’s smallest unit. It is paid automatically into your contract account.',
        'A copy that loses or breaks even after fees pays nothing, and so does a copy the follower has taken over. The rate is set by the operator and shown to followers before they follow; a later change of rate applies only to new follows.',
      ],
    },
    {
      heading: '5. Review and revocation',
      paragraphs: [
        'The operator may refuse an application, and may revoke your trader status at any time, in particular for misleading conduct, manipulation of statistics, or a breach of this agreement, the platform’s terms or the law. The reason is shown to you.',
        'When your status is revoked, your follows end and no new copies are opened. Copies still open stay linked and close with your positions. Profit share already paid is reversed only where the law requires it or to correct an error.',
      ],
    },
    {
      heading: '6. Other terms',
      paragraphs: [
        'To stop being a trader, contact customer service. The platform’s user terms apply to everything this agreement does not cover; where they differ on copy trading, this agreement prevails. The Chinese and English versions have the same content.',
      ],
    },
  ],
};

/** /pages/follow/agreement_en (login): the trader agreement in English, accepted before applying. */
export function FollowAgreementEnPage() {
  return <AgreementScreen agreement="en" text={TEXT} />;
}
