import { Button, Card, Descriptions, Flex, Result, Table, Tag, Typography } from 'antd';
import { useLoaderData, useRevalidator } from 'react-router';
import { adminApi, type AuditCheck, type AuditProblem, type LedgerAudit } from '../api.ts';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { loadOr } from '../load.ts';

/** The ledger invariant, checked by the server on each visit and on "run again". */
export const ledgerAuditLoader = (): Promise<LedgerAudit | null> => loadOr(() => adminApi.ledgerAudit(), null);

const checkTitle = (name: AuditCheck['name']): MessageKey => `ledger.check.${name}`;

/** Every check by name with whether it holds, as the server ran them. */
function ChecksTable({ checks }: { checks: AuditCheck[] }) {
  const { t } = useI18n();
  return (
    <Card size="small">
      <Table<AuditCheck>
        rowKey="name"
        pagination={false}
        size="small"
        dataSource={checks}
        columns={[
          { title: t('ledger.check'), key: 'name', render: (_, check) => t(checkTitle(check.name)) },
          {
            title: t('ledger.result'),
            key: 'ok',
            render: (_, check) => <Tag color={check.ok ? 'success' : 'error'}>{check.ok ? t('ledger.holds') : t('ledger.fails')}</Tag>,
          },
          { title: t('ledger.offenders'), key: 'rows', render: (_, check) => check.rows.length },
        ]}
      />
    </Card>
  );
}

/** Offending rows differ in shape per check, so their columns come from the rows themselves. */
function ProblemTable({ title, rows }: { title: string; rows: AuditProblem[] }) {
  const columns = Object.keys(rows[0] ?? {}).map((name) => ({ title: name, dataIndex: name, key: name }));
  return (
    <Card size="small" title={`${title} (${rows.length})`}>
      <Table<AuditProblem> rowKey={(row) => JSON.stringify(row)} columns={columns} dataSource={rows} pagination={false} size="small" />
    </Card>
  );
}

export function LedgerAuditPage() {
  const audit = useLoaderData<typeof ledgerAuditLoader>();
  const revalidator = useRevalidator();
  const { t, formatTime } = useI18n();
  const running = revalidator.state === 'loading';

  const runAgain = (
    <Button type="primary" loading={running} onClick={() => void revalidator.revalidate()}>
      {t('ledger.runAgain')}
    </Button>
  );

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('ledger.title')}</Typography.Title>
      <Card>
        {audit ? (
          <Result
            status={audit.ok ? 'success' : 'error'}
            title={audit.ok ? t('ledger.balanced') : t('ledger.unbalanced')}
            subTitle={`${t('ledger.checkedAt')}: ${formatTime(audit.checked_at)}`}
            extra={runAgain}
          >
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'entries', label: t('ledger.entries'), children: audit.entries },
                { key: 'postings', label: t('ledger.postings'), children: audit.postings },
              ]}
            />
          </Result>
        ) : (
          <Result status="warning" title={t('ledger.notRun')} extra={runAgain} />
        )}
      </Card>
      {audit && <ChecksTable checks={audit.checks} />}
      {audit?.checks
        .filter((check) => !check.ok)
        .map((check) => (
          <ProblemTable key={check.name} title={t(checkTitle(check.name))} rows={check.rows} />
        ))}
    </Flex>
  );
}
