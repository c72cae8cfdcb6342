import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBatchClose, useContractTrades, type BatchCloseType, type ContractListStatus } from '../../api/contracts.ts';
import { CONTRACT_PATH } from '../../components/contract/paths.ts';
import { PagedPositions, PositionList } from '../../components/contract/position-list.tsx';
import { useContractEvents } from '../../components/contract/use-contract-events.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { confirmDialog, toastSuccess } from '../../notify.ts';
import '../../components/market/market.css';
import '../../components/contract/contract.css';

const BATCH: { type: BatchCloseType; key: 'closeAll' | 'closeLongs' | 'closeShorts' }[] = [
  { type: 0, key: 'closeAll' },
  { type: 1, key: 'closeLongs' },
  { type: 2, key: 'closeShorts' },
];

/**
 * /pages/transaction/contract_order: the user's contract positions with live P&L and the risk rate
 * (close one, close all, longs only, shorts only, each after a confirmation prompt; set TP/SL), the
 * pending limit orders (cancellable) and the history with each close's reason.
 */
export function ContractOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ContractListStatus>('current');
  useContractEvents();
  return (
    <div className="page contract-orders-page">
      <NavBar
        title={t('contract.ordersTitle')}
        right={
          <Link to={CONTRACT_PATH} className="link-button">
            {t('contract.trade')}
          </Link>
        }
      />
      <SegmentTabs
        label={t('contract.ordersTitle')}
        options={[
          { value: 'current', label: t('contract.current') },
          { value: 'pending', label: t('contract.pending') },
          { value: 'history', label: t('contract.history') },
        ]}
        value={status}
        onChange={setStatus}
      />
      <div className="spot-section">{status === 'current' ? <CurrentPositions /> : <OrderPages key={status} status={status} />}</div>
    </div>
  );
}

function CurrentPositions() {
  const { t } = useTranslation();
  const batch = useBatchClose();
  const confirmBatch = async (type: BatchCloseType, key: (typeof BATCH)[number]['key']) => {
    const confirmed = await confirmDialog({
      content: t(`contract.${key}Confirm`),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    batch.mutate(type, { onSuccess: (answer) => toastSuccess(t('contract.batchClosed', { count: answer.closed })) });
  };
  return (
    <>
      <div className="contract-batch" role="group" aria-label={t('contract.batchClose')}>
        {BATCH.map(({ type, key }) => (
          <button key={key} type="button" className="pill pill--ghost" disabled={batch.isPending} onClick={() => void confirmBatch(type, key)}>
            {t(`contract.${key}`)}
          </button>
        ))}
      </div>
      <PositionList />
    </>
  );
}

function OrderPages({ status }: { status: Exclude<ContractListStatus, 'current'> }) {
  return <PagedPositions query={useContractTrades(status)} />;
}
