import { toAmountString } from '@fairex/contract/money';
import { dualYieldFactor } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { aprText, Outcomes, settlementOutcomes } from '../../components/invest/invest.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** The worked examples: BTC/USDT at 36.5 % over 7 days (factor 1.007); figures computed by the rules the server pays by. */
const EXAMPLE = { apr: '0.365', days: 7, currency: 'BTC', quote_currency: 'USDT', base_decimals: 8, quote_decimals: 6 } as const;
const CALL_EXAMPLE = { ...EXAMPLE, type: 'call' as const, linked_price: '66000', amount: '0.01', coin: 'BTC' };
const PUT_EXAMPLE = { ...EXAMPLE, type: 'put' as const, linked_price: '64000', amount: '1000', coin: 'USDT' };

/** /pages/invest/help: how dual investment works, both branches with a worked example, and no cancellation. */
export function InvestHelpPage() {
  const { t } = useTranslation();
  const factor = toAmountString(dualYieldFactor(EXAMPLE.apr, EXAMPLE.days));
  const example = (e: typeof CALL_EXAMPLE | typeof PUT_EXAMPLE) => (
    <>
      <p>{t('invest.helpExample', { amount: e.amount, coin: e.coin, price: e.linked_price, apr: aprText(e.apr), count: e.days, factor })}</p>
      <Outcomes outcomes={settlementOutcomes(e, e.amount, e.days)} label={t('invest.outcomes')} />
    </>
  );
  return (
    <div className="page">
      <NavBar title={t('page.help')} />
      <div className="page__body invest-help">
        <section className="card">
          <h2>{t('invest.helpWhatTitle')}</h2>
          <p>{t('invest.helpWhat')}</p>
        </section>
        <section className="card">
          <h2>{t('invest.helpWhenTitle')}</h2>
          <p>{t('invest.helpWhen')}</p>
          <p>{t('invest.helpYield')}</p>
        </section>
        <section className="card">
          <h2>{t('invest.helpCallTitle')}</h2>
          <p>{t('invest.helpCall')}</p>
          {example(CALL_EXAMPLE)}
        </section>
        <section className="card">
          <h2>{t('invest.helpPutTitle')}</h2>
          <p>{t('invest.helpPut')}</p>
          {example(PUT_EXAMPLE)}
        </section>
        <section className="card">
          <h2>{t('invest.helpNoCancelTitle')}</h2>
          <p>{t('invest.helpNoCancel')}</p>
        </section>
      </div>
    </div>
  );
}
