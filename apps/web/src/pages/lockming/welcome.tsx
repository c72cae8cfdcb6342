import { sub } from '@fairex/contract/money';
import { miningDailyInterest, miningPenalty } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMiningProducts, type MiningProduct } from '../../api/mining.ts';
import { MINING_LIST_PATH, ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

/** The rules, in the order a holder meets them (spec sections 4 and 9). */
const STEPS = ['lock', 'accrue', 'rate', 'paid', 'unlock', 'penalty'] as const;

/**
 * /pages/lockming/welcome (public): how lock-up mining works, and a worked example on the first product
 * on offer (its minimum, today's rate and penalty ratio), computed by the rules the server pays by.
 */
export function MiningWelcomePage() {
  const { t } = useTranslation();
  const products = useMiningProducts();
  const example = products.data?.[0];
  return (
    <div className="page">
      <NavBar title={t('mining.howItWorks')} />
      <section className="card" aria-labelledby="mining-rules">
        <h2 id="mining-rules" className="section-title">
          {t('mining.welcome.title')}
        </h2>
        <ol className="mining-steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`mining.welcome.${step}`)}</li>
          ))}
        </ol>
      </section>
      {example && <WorkedExample product={example} />}
      <div className="mining-links">
        <Link className="pill pill--primary" to={MINING_LIST_PATH}>
          {t('mining.products')}
        </Link>
      </div>
    </div>
  );
}

/** The product's minimum locked for its term, redeemed one day in (a part day counts as a whole one). */
function WorkedExample({ product }: { product: MiningProduct }) {
  const { t } = useTranslation();
  const coin = product.currency;
  const amount = product.amount_min;
  const left = Math.max(1, product.term_days - 1);
  const penalty = miningPenalty(amount, product.penalty_ratio, left, product.decimals);
  return (
    <section className="card mining-example" aria-labelledby="mining-example">
      <h2 id="mining-example" className="section-title">
        {t('mining.welcome.example')}
      </h2>
      <p>{t('mining.welcome.exampleProduct', { name: product.name, amount, coin, term: t('mining.termDays', { count: product.term_days }) })}</p>
      <p>{t('mining.welcome.exampleInterest', { rate: ratePercent(product.today_rate), interest: miningDailyInterest(amount, product.today_rate, product.decimals), coin })}</p>
      <p>
        {t('mining.welcome.examplePenalty', {
          left: t('mining.daysLeft', { count: left }),
          formula: `${ratePercent(product.penalty_ratio)} × ${left} × ${amount} ${coin}`,
          penalty,
          returned: sub(amount, penalty),
          coin,
        })}
      </p>
    </section>
  );
}
