import { CONTENT_PAGE_KEYS } from '@fairex/contract/constants';
import { Button, Flex, Popconfirm, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { contentApi, type ContentAdminRow, type ContentKind, type ContentPageKey, type SiteSettings } from '../api-content.ts';
import { ContentEditor, type EditorTarget } from '../components/content-editor.tsx';
import { LANGUAGE_NAMES, VERSION_LANGUAGES } from '../components/languages.ts';
import { PagedTable } from '../components/paged-table.tsx';
import { SiteSettingsForm } from '../components/site-settings-form.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { useUrlChange } from '../paging.ts';
import { useDecision } from '../review-queue.ts';
import { useOperator } from '../use-operator.ts';

/**
 * Content: news, banners and the pages (FAQ, contact, about, compliance) with their versions per
 * language, and the site settings. Admins write (the server sanitises and logs every save); support
 * reads. One tab at a time is loaded, kept in ?tab= so Back and reload keep it.
 */
const TABS = ['news', 'banner', 'page', 'settings'] as const;
type Tab = (typeof TABS)[number];

export async function contentLoader({ request }: LoaderFunctionArgs) {
  const tab: Tab = TABS.find((name) => name === new URL(request.url).searchParams.get('tab')) ?? 'news';
  const query = pageQueryOf(request);
  if (tab === 'settings') return { tab, items: emptyPage<ContentAdminRow>(query), settings: await loadOr<SiteSettings | null>(() => contentApi.settings(), null) };
  // Pages are four at most: one page of them holds all.
  const items = await loadOr(() => contentApi.items(tab, tab === 'page' ? { page: 1, limit: CONTENT_PAGE_KEYS.length } : query), emptyPage<ContentAdminRow>(query));
  return { tab, items, settings: null };
}

/** A row's state for readers: a draft, published and showing, or published with its time still to come. */
const stateOf = (row: ContentAdminRow) => (row.status === 'draft' ? 'draft' : row.visible ? 'published' : 'scheduled');
const STATE_COLORS = { draft: undefined, published: 'green', scheduled: 'blue' } as const;

function TitleCell({ row }: { row: ContentAdminRow }) {
  const { t } = useI18n();
  const english = row.versions.find((v) => v.lang === 'en');
  return (
    <Space orientation="vertical" size={0}>
      <span>{english?.title ?? row.versions[0]?.title ?? ''}</span>
      <Space size={4} wrap>
        {VERSION_LANGUAGES.filter((lang) => row.versions.some((v) => v.lang === lang)).map((lang) => (
          <Tag key={lang}>{LANGUAGE_NAMES[lang]}</Tag>
        ))}
        {row.popup && <Tag color="gold">{t('content.popup')}</Tag>}
        {row.demo && <Tag color="purple">{t('content.demo')}</Tag>}
      </Space>
    </Space>
  );
}

function ItemsTable({ kind, page, onOpen }: { kind: Exclude<ContentKind, 'page'>; page: ReturnType<typeof useLoaderData<typeof contentLoader>>['items']; onOpen: (target: EditorTarget) => void }) {
  const { t, formatTime } = useI18n();
  const decide = useDecision();
  const isAdmin = useOperator()?.role === 'admin';
  const columns: TableColumnsType<ContentAdminRow> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('content.itemTitle'), key: 'title', render: (_, row) => <TitleCell row={row} /> },
    { title: t('content.status'), key: 'state', render: (_, row) => <Tag color={STATE_COLORS[stateOf(row)]}>{t(`content.status.${stateOf(row)}`)}</Tag> },
    { title: t('content.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('content.publishAt'), dataIndex: 'publish_at', render: formatTime },
    { title: t('content.updatedAt'), dataIndex: 'updated_at', render: formatTime },
    {
      title: t('content.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space>
          <Button aria-label={t(isAdmin ? 'content.edit' : 'content.view', { id: row.id })} onClick={() => onOpen({ kind, id: row.id, title: t(isAdmin ? 'content.edit' : 'content.view', { id: row.id }) })}>
            {t(isAdmin ? 'content.edit' : 'content.view', { id: row.id })}
          </Button>
          {isAdmin && (
            <Popconfirm title={t('content.deleteQuestion')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => void decide(() => contentApi.remove(row.id), t('content.deleted'))}>
              <Button danger aria-label={t('content.deleteItem', { id: row.id })}>
                {t('content.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      {isAdmin && (
        <Flex justify="end">
          <Button type="primary" onClick={() => onOpen({ kind, title: t(`content.new.${kind}`) })}>
            {t(`content.add.${kind}`)}
          </Button>
        </Flex>
      )}
      <PagedTable<ContentAdminRow> columns={columns} page={page} pageParam="page" scroll={{ x: true }} />
    </Flex>
  );
}

/** The four pages, written or not, each opened by its key. */
function PagesTable({ rows, onOpen }: { rows: ContentAdminRow[]; onOpen: (target: EditorTarget) => void }) {
  const { t, formatTime } = useI18n();
  const isAdmin = useOperator()?.role === 'admin';
  const data = CONTENT_PAGE_KEYS.map((key) => ({ key, row: rows.find((r) => r.page_key === key) }));
  const name = (key: ContentPageKey) => t(`content.page.${key}`);
  const columns: TableColumnsType<(typeof data)[number]> = [
    { title: t('content.tab.page'), key: 'page', render: (_, { key }) => name(key) },
    { title: t('content.itemTitle'), key: 'title', render: (_, { row }) => (row ? <TitleCell row={row} /> : <Typography.Text type="secondary">{t('content.notWritten')}</Typography.Text>) },
    { title: t('content.status'), key: 'state', render: (_, { row }) => row && <Tag color={STATE_COLORS[stateOf(row)]}>{t(`content.status.${stateOf(row)}`)}</Tag> },
    { title: t('content.updatedAt'), key: 'updated', render: (_, { row }) => row && formatTime(row.updated_at) },
    {
      title: t('content.actions'),
      key: 'actions',
      render: (_, { key, row }) =>
        (isAdmin || row) && (
          <Button aria-label={t('content.editPage', { name: name(key) })} onClick={() => onOpen({ kind: 'page', pageKey: key, id: row?.id, title: t('content.editPage', { name: name(key) }) })}>
            {row ? t(isAdmin ? 'content.edit' : 'content.view', { id: row.id }) : t('content.writePage')}
          </Button>
        ),
    },
  ];
  return <PagedTable columns={columns} rowKey="key" page={{ data, total: data.length, page: 1, limit: data.length }} pageParam="page" />;
}

export function ContentPage() {
  const { tab, items, settings } = useLoaderData<typeof contentLoader>();
  const { t } = useI18n();
  const change = useUrlChange();
  const isAdmin = useOperator()?.role === 'admin';
  const [editing, setEditing] = useState<EditorTarget | undefined>();
  const tabs: Tab[] = isAdmin ? [...TABS] : TABS.filter((name) => name !== 'settings');
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('content.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('content.hint')}</Typography.Text>
      <Tabs activeKey={tab} onChange={(key) => change({ tab: key, page: undefined })} items={tabs.map((key) => ({ key, label: t(`content.tab.${key}`) }))} />
      {tab === 'settings' ? (
        settings && <SiteSettingsForm key={JSON.stringify(settings)} settings={settings} />
      ) : tab === 'page' ? (
        <PagesTable rows={items.data} onOpen={setEditing} />
      ) : (
        <ItemsTable kind={tab} page={items} onOpen={setEditing} />
      )}
      {editing && <ContentEditor key={`${editing.kind}:${editing.id ?? editing.pageKey ?? 'new'}`} target={editing} readOnly={!isAdmin} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
