import { Button, Flex, Image, Popconfirm, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ReviewStatus } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { PromptModal } from './prompt-modal.tsx';

const STATUS_COLORS: Record<ReviewStatus, string> = { pending: 'orange', confirmed: 'green', approved: 'green', rejected: 'red' };

/** A decision's status, with the rejection reason (or any note) on hover and underneath. */
export function StatusCell({ status, note }: { status: ReviewStatus; note?: string | null }) {
  const { t } = useI18n();
  const tag = <Tag color={STATUS_COLORS[status]}>{t(`review.${status}`)}</Tag>;
  if (!note) return tag;
  return (
    <Tooltip title={note}>
      <span>
        {tag}
        <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 200 }} ellipsis>
          {note}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}

/** The user a row belongs to, linked to their detail page. */
export function UserCell({ id, account }: { id: number; account: string }) {
  return (
    <Link to={`/users/${id}`}>
      {account} <Typography.Text type="secondary">#{id}</Typography.Text>
    </Link>
  );
}

/** An uploaded image (the signed, expiring URL the API answered) as a thumbnail that opens full size. */
export function Thumbnail({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return null;
  return <Image src={src} alt={alt} width={64} height={64} style={{ objectFit: 'cover' }} />;
}

/** The "Enabled" column of a settings table (a product, a duration, a symbol's fees): on or off, as a tag. */
export function useEnabledColumn<Row extends { enabled: boolean }>(): TableColumnsType<Row>[number] {
  const { t } = useI18n();
  return { title: t('symbols.enabled'), dataIndex: 'enabled', render: (on: boolean) => (on ? <Tag color="green">{t('markets.on')}</Tag> : <Tag>{t('markets.off')}</Tag>) };
}

/** Amounts are shown exactly as the server sends them. */
export const amountColumn = {
  align: 'right' as const,
  render: (value: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>,
};

type Decided = { status: ReviewStatus; reason: string | null; created_at: string };

/**
 * The status, time and actions columns every review queue ends with; the actions show on pending rows
 * only, and the status carries the rejection reason (or the row's own note).
 */
export function useDecisionColumns<Row extends Decided>(actions: (row: Row) => ReactNode, note: (row: Row) => string | null = (row) => row.reason): TableColumnsType<Row> {
  const { t, formatTime } = useI18n();
  return [
    { title: t('review.status'), dataIndex: 'status', render: (status: ReviewStatus, row) => <StatusCell status={status} note={note(row)} /> },
    { title: t('review.time'), dataIndex: 'created_at', render: formatTime },
    { title: t('review.actions'), key: 'actions', render: (_, row) => row.status === 'pending' && actions(row) },
  ];
}

/**
 * A pending row's two decisions: the positive one after a yes/no question, and rejection (which asks
 * for a reason elsewhere, in RejectModal).
 */
export function ConfirmOrReject({ label, question, onConfirm, onReject }: { label: string; question: string; onConfirm: () => void; onReject: () => void }) {
  const { t } = useI18n();
  return (
    <Flex gap="small">
      <Popconfirm title={question} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={onConfirm}>
        <Button type="primary">{label}</Button>
      </Popconfirm>
      <Button danger onClick={onReject}>
        {t('review.reject')}
      </Button>
    </Flex>
  );
}

/** Rejecting a row: asks for the reason; closes once the rejection went through. */
export function RejectModal<Row extends { id: number }>({
  row,
  title,
  onClose,
  reject,
}: {
  row: Row | null;
  title: (id: number) => string;
  onClose: () => void;
  /** Answers whether the rejection went through. */
  reject: (row: Row, reason: string) => Promise<boolean>;
}) {
  const { t } = useI18n();
  return (
    <PromptModal
      open={row !== null}
      title={row ? title(row.id) : ''}
      label={t('review.reason')}
      required={t('review.reasonRequired')}
      okText={t('review.reject')}
      cancelText={t('review.cancel')}
      danger
      onCancel={onClose}
      onSubmit={async (reason) => {
        const done = await reject(row!, reason);
        if (done) onClose();
        return done;
      }}
    />
  );
}
