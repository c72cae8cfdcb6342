import type { NftDrawView } from '@fairex/contract';
import { verifyNftDraw } from '@fairex/contract/rules';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figures } from '../wealth/figures.tsx';

/**
 * A box's draw and its check (nft-rules.ts, "Provably fair blind boxes"): the published hash, the seeds,
 * the nonce and the pool the draw was taken from. Once the server seed is revealed, "verify" recomputes
 * the hash and the draw here, in the browser, with the very function the server draws with.
 */
export function DrawVerification({ draw }: { draw: NftDrawView }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ReturnType<typeof verifyNftDraw>>();
  const serverSeed = draw.server_seed;
  const verify = () => {
    if (serverSeed === null) return;
    setResult(verifyNftDraw({ server_seed: serverSeed, server_seed_hash: draw.seed_hash, user_seed: draw.user_seed, nonce: draw.nonce, pool: draw.pool, item_id: draw.item_id, point: draw.point }));
  };
  const poolText = draw.pool.map(([item, weight]) => `${item}: ${weight}`).join(', ');
  const passed = result?.hashMatches === true && result.drawMatches;
  return (
    <section className="card nft-fairness" aria-label={t('nft.fairness')}>
      <h2 className="section-title">{t('nft.fairness')}</h2>
      <p className="nft-hint">{t('nft.fairnessHow')}</p>
      <Figures
        className="nft-figures nft-figures--long"
        rows={[
          [t('nft.seedHash'), <code key="hash">{draw.seed_hash}</code>],
          [t('nft.serverSeed'), serverSeed === null ? t('nft.verifyWaiting') : <code key="seed">{serverSeed}</code>],
          [t('nft.userSeed'), <code key="user">{draw.user_seed}</code>],
          [t('nft.nonce'), String(draw.nonce)],
          [t('nft.drawPool'), poolText],
          [t('nft.point'), `${draw.point} / ${draw.total}`],
          [t('nft.drawnItem'), `${draw.item_code} (${draw.item_id})`],
        ]}
      />
      {serverSeed !== null && (
        <Button block shape="rounded" color="primary" fill="outline" onClick={verify}>
          {t('nft.verify')}
        </Button>
      )}
      {result && (
        <div className={passed ? 'nft-verdict nft-verdict--ok' : 'nft-verdict nft-verdict--bad'} role="status">
          <p>
            {result.hashMatches ? '✓' : '✗'} {t('nft.hashCheck')}
          </p>
          <p>
            {result.drawMatches ? '✓' : '✗'} {t('nft.drawCheck', { point: result.draw.point, item: result.draw.itemId })}
          </p>
          <strong>{passed ? t('nft.verified') : t('nft.mismatch')}</strong>
        </div>
      )}
    </section>
  );
}
