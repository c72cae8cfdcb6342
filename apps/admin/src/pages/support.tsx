import { Badge, Button, Card, Empty, Flex, Form, Image, Input, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { supportApi, type SupportOperatorMessage, type SupportThreadRow, type SupportThreadView, type ThreadQuery } from '../api-support.ts';
import { PagedTable } from '../components/paged-table.tsx';
import { IdSearch } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf, positiveIntParam } from '../load.ts';
import { showError } from '../notify.ts';
import { useUrlChange } from '../paging.ts';
import { useDecision } from '../review-queue.ts';

/**
 * Customer service (support and admin): the threads users write from the app, unread first, and one
 * thread (?thread=) with its messages oldest first, an answer form and "mark as read". The user's text is
 * shown as plain text; their images as the signed links the server gives.
 */
const REPLY_CHARS_MAX = 1000;

export async function supportLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query: ThreadQuery = { ...pageQueryOf(request), unread: params.get('unread') === 'true' ? 'true' : undefined, user_id: positiveIntParam(params, 'user_id') };
  const threadId = positiveIntParam(params, 'thread');
  const [threads, thread] = await Promise.all([
    loadOr(() => supportApi.threads(query), emptyPage<SupportThreadRow>(query)),
    threadId === undefined ? Promise.resolve(null) : loadOr<SupportThreadView | null>(() => supportApi.thread(threadId), null),
  ]);
  return { threads, thread, query };
}

function MessageItem({ message }: { message: SupportOperatorMessage }) {
  const { t, formatTime } = useI18n();
  const fromUser = message.author === 'user';
  return (
    <Flex vertical align={fromUser ? 'start' : 'end'} gap={4} role="article" aria-label={fromUser ? t('support.fromUser') : t('support.fromOperator', { name: message.operator ?? '' })}>
      <Typography.Text type="secondary">
        {fromUser ? t('support.fromUser') : t('support.fromOperator', { name: message.operator ?? '' })} · {formatTime(message.created_at)}
      </Typography.Text>
      {message.body && (
        <Card size="small" style={{ maxWidth: '70%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Card>
      )}
      {message.image && <Image src={message.image} width={200} alt={t('support.image')} />}
    </Flex>
  );
}

function Thread({ view }: { view: SupportThreadView }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<{ body: string }>();
  const [older, setOlder] = useState<{ messages: SupportOperatorMessage[]; hasMore: boolean }>({ messages: [], hasMore: view.has_more });
  const messages = [...view.messages, ...older.messages].reverse();
  const newest = view.messages[0];
  const loadOlder = async () => {
    const oldest = [...view.messages, ...older.messages].at(-1);
    try {
      const page = await supportApi.thread(view.thread.id, oldest?.id);
      setOlder({ messages: [...older.messages, ...page.messages], hasMore: page.has_more });
    } catch (error) {
      showError(error);
    }
  };
  const reply = async ({ body }: { body: string }) => {
    if (await decide(() => supportApi.reply(view.thread.id, body.trim()), t('support.sent'))) form.resetFields();
  };
  return (
    <Card
      role="region"
      aria-label={t('support.thread', { account: view.thread.account })}
      title={t('support.thread', { account: view.thread.account })}
      extra={
        newest &&
        view.thread.unread > 0 && (
          <Button onClick={() => void decide(() => supportApi.read(view.thread.id, newest.id), t('support.markedRead'))}>{t('support.markRead')}</Button>
        )
      }
    >
      <Flex vertical gap="middle">
        {older.hasMore && (
          <Button onClick={() => void loadOlder()} style={{ alignSelf: 'center' }}>
            {t('support.older')}
          </Button>
        )}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={reply}>
          <Form.Item name="body" label={t('support.replyLabel')} rules={[{ required: true, whitespace: true, message: t('support.replyRequired') }]}>
            <Input.TextArea aria-label={t('support.replyLabel')} rows={3} maxLength={REPLY_CHARS_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('support.reply')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

export function SupportPage() {
  const { threads, thread, query } = useLoaderData<typeof supportLoader>();
  const { t, formatTime } = useI18n();
  const change = useUrlChange();
  const columns: TableColumnsType<SupportThreadRow> = [
    { title: t('support.userId'), dataIndex: 'user_id' },
    { title: t('support.user'), key: 'user', render: (_, row) => (row.nickname ? `${row.nickname} (${row.account})` : row.account) },
    {
      title: t('support.last'),
      key: 'last',
      render: (_, row) => (
        <Space>
          <Tag>{row.last_author === 'user' ? t('support.fromUser') : t('support.operator')}</Tag>
          <span>{row.last_body || t('support.imageOnly')}</span>
        </Space>
      ),
    },
    { title: t('support.lastAt'), dataIndex: 'last_message_at', render: formatTime },
    { title: t('support.unread'), dataIndex: 'unread', align: 'right', render: (unread: number) => <Badge count={unread} showZero={false} /> },
    {
      title: '',
      key: 'open',
      render: (_, row) => (
        <Button aria-label={t('support.openThread', { id: row.user_id })} type={thread?.thread.id === row.id ? 'primary' : 'default'} onClick={() => change({ thread: row.id })}>
          {t('support.open')}
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('support.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('support.hint')}</Typography.Text>
      <Space wrap>
        <Space>
          <Switch aria-label={t('support.unreadOnly')} checked={query.unread === 'true'} onChange={(on) => change({ unread: on ? 'true' : undefined, page: undefined })} />
          <span>{t('support.unreadOnly')}</span>
        </Space>
        <IdSearch label={t('support.userId')} value={query.user_id} onSearch={(id) => change({ user_id: id, page: undefined })} style={{ width: 200 }} />
      </Space>
      <PagedTable<SupportThreadRow> columns={columns} page={threads} pageParam="page" locale={{ emptyText: <Empty description={t('support.empty')} /> }} />
      {thread && <Thread key={`${thread.thread.id}:${thread.messages[0]?.id ?? ''}`} view={thread} />}
    </Flex>
  );
}
