import { LANGS, type Lang } from '@fairex/contract/lang';
import { Button, Flex, Form, Input, Popconfirm, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { noticesApi, type NoticePage, type NoticeRow, type NoticeTexts } from '../api-notices.ts';
import { FormModal } from '../components/form-modal.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import { useInstantText } from '../components/wealth.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { localOfIso } from '../markets-admin.ts';
import { useDecision } from '../review-queue.ts';
import { useOperator } from '../use-operator.ts';

/**
 * System notices: every notice with its versions, publish time, state and how many users read it (admins
 * and support); admins publish, edit and withdraw them (each logged by the server). Users' own events are
 * not here: they are written by the changes they report.
 */
export async function noticesLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  return { notices: await loadOr(() => noticesApi.list(query), { ...emptyPage<NoticeRow>(query), users: 0 } as NoticePage) };
}

/** Each language in its own name (as the user app's language picker shows them), English first: it is required. */
const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', zh: '简体中文', hk: '繁體中文', th: 'ไทย', jp: '日本語', kor: '한국어', fra: 'Français', spa: 'Español' };
const LANGUAGES: Lang[] = ['en', ...LANGS.filter((lang) => lang !== 'en')];
const TITLE_LENGTH_MAX = 100;
const BODY_LENGTH_MAX = 2_000;
const STATE_COLORS: Record<NoticeRow['state'], string | undefined> = { scheduled: 'blue', published: 'green', withdrawn: undefined };

type NoticeForm = { publish_at: string; texts: Partial<Record<Lang, { title?: string; body?: string }>> };

const localOfMs = (ms: number) => localOfIso(new Date(ms).toISOString());

function NoticeModal({ row, onClose }: { row: NoticeRow | null; onClose: () => void }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<NoticeForm>();
  const initialTime = row ? localOfMs(row.publish_at) : '';
  const submit = async (values: NoticeForm) => {
    const texts = Object.fromEntries(
      LANGUAGES.flatMap((lang) => {
        const title = values.texts[lang]?.title?.trim() ?? '';
        const body = values.texts[lang]?.body?.trim() ?? '';
        return title || body ? [[lang, { title, body }]] : [];
      }),
    ) as NoticeTexts;
    // The field shows minutes: left as it was, the stored time (to the millisecond) goes back unchanged.
    const publishAt = values.publish_at === initialTime && row ? row.publish_at : values.publish_at ? new Date(values.publish_at).getTime() : undefined;
    if (await decide(() => noticesApi.save({ id: row?.id, publish_at: publishAt, texts }), t('notices.published'))) onClose();
  };
  const bothOrNeither = (lang: Lang, field: 'title' | 'body') => ({
    validator: (_: unknown, value: string | undefined) => {
      const other = form.getFieldValue(['texts', lang, field === 'title' ? 'body' : 'title']) as string | undefined;
      return !value?.trim() && other?.trim() ? Promise.reject(new Error(t('notices.bothRequired'))) : Promise.resolve();
    },
  });
  const fieldsOf = (lang: Lang) => {
    const required = lang === 'en' ? [{ required: true, whitespace: true, message: t('notices.englishRequired') }] : [bothOrNeither(lang, 'title')];
    const bodyRules = lang === 'en' ? required : [bothOrNeither(lang, 'body')];
    const name = LANGUAGE_NAMES[lang];
    return (
      <>
        {lang !== 'en' && <Typography.Paragraph type="secondary">{t('notices.versionHint')}</Typography.Paragraph>}
        <Form.Item name={['texts', lang, 'title']} label={t('notices.noticeTitle')} rules={required} dependencies={[['texts', lang, 'body']]}>
          <Input aria-label={`${t('notices.noticeTitle')} (${name})`} maxLength={TITLE_LENGTH_MAX} />
        </Form.Item>
        <Form.Item name={['texts', lang, 'body']} label={t('notices.body')} rules={bodyRules} dependencies={[['texts', lang, 'title']]}>
          <Input.TextArea aria-label={`${t('notices.body')} (${name})`} rows={5} maxLength={BODY_LENGTH_MAX} showCount />
        </Form.Item>
      </>
    );
  };
  return (
    <FormModal form={form} width={720} title={row ? t('notices.edit', { id: row.id }) : t('notices.new')} okText={t('notices.publish')} onClose={onClose}>
      <Form<NoticeForm> form={form} layout="vertical" requiredMark={false} initialValues={{ publish_at: initialTime, texts: row?.texts ?? {} }} onFinish={submit}>
        <Form.Item name="publish_at" label={t('notices.publishAt')} extra={t('notices.publishAtHint')}>
          <Input aria-label={t('notices.publishAt')} type="datetime-local" />
        </Form.Item>
        <Typography.Text strong>{t('notices.versions')}</Typography.Text>
        {/* Every language's fields stay mounted, so a version typed on another tab is sent. */}
        <Tabs items={LANGUAGES.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang], forceRender: true, children: fieldsOf(lang) }))} />
      </Form>
    </FormModal>
  );
}

export function NoticesPage() {
  const { notices } = useLoaderData<typeof noticesLoader>();
  const { t } = useI18n();
  const at = useInstantText();
  const decide = useDecision();
  const isAdmin = useOperator()?.role === 'admin';
  const [editing, setEditing] = useState<NoticeRow | null | undefined>(undefined);

  const columns: TableColumnsType<NoticeRow> = [
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('notices.noticeTitle'),
      key: 'title',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.texts.en.title}</span>
          <Space size={4} wrap>
            {LANGUAGES.filter((lang) => row.texts[lang]).map((lang) => (
              <Tag key={lang}>{LANGUAGE_NAMES[lang]}</Tag>
            ))}
            {row.demo && <Tag color="purple">{t('notices.demo')}</Tag>}
          </Space>
        </Space>
      ),
    },
    { title: t('notices.publishAt'), dataIndex: 'publish_at', render: at },
    { title: t('notices.state'), dataIndex: 'state', render: (state: NoticeRow['state']) => <Tag color={STATE_COLORS[state]}>{t(`notices.state.${state}`)}</Tag> },
    { title: t('notices.reads'), dataIndex: 'reads', align: 'right', render: (reads: number) => t('notices.readsOf', { reads, users: notices.users }) },
    { title: t('notices.updatedAt'), dataIndex: 'updated_at', render: at },
  ];
  if (isAdmin) {
    columns.push({
      title: t('notices.actions'),
      key: 'actions',
      render: (_, row) =>
        row.state !== 'withdrawn' && (
          <Space>
            <Button aria-label={t('notices.edit', { id: row.id })} onClick={() => setEditing(row)}>
              {t('markets.edit')}
            </Button>
            <Popconfirm title={t('notices.withdrawQuestion')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => void decide(() => noticesApi.withdraw(row.id), t('notices.withdrawn'))}>
              <Button danger aria-label={t('notices.withdrawNotice', { id: row.id })}>
                {t('notices.withdraw')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    });
  }

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{t('notices.title')}</Typography.Title>
        {isAdmin && (
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('notices.new')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">{t('notices.hint')}</Typography.Text>
      <PagedTable<NoticeRow> columns={columns} page={notices} pageParam="page" scroll={{ x: true }} />
      {editing !== undefined && <NoticeModal row={editing} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
