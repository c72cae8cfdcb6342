import type { Lang } from '@fairex/contract/lang';
import { Button, Card, Flex, Form, Image, Input, InputNumber, Select, Space, Spin, Switch, Tabs, Typography, Upload, type FormInstance, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { contentApi, type ContentAdminItem, type ContentKind, type ContentPageKey, type ContentSave } from '../api-content.ts';
import { useI18n } from '../i18n.tsx';
import { isoOfLocal, localOfIso } from '../markets-admin.ts';
import { showError } from '../notify.ts';
import { useDecision } from '../review-queue.ts';
import { FormModal } from './form-modal.tsx';
import { LANGUAGE_NAMES, VERSION_LANGUAGES } from './languages.ts';
import './content-editor.css';

/** What the editor opens: an item of a kind (an id to edit it), or a page by its key. */
export type EditorTarget = { kind: ContentKind; id?: number; pageKey?: ContentPageKey; title: string };

type VersionForm = { title?: string; content?: string; image?: string };
type EditorForm = { status: ContentSave['status']; publish_at: string; sort: number; popup: boolean; versions: Partial<Record<Lang, VersionForm>> };

/** The title the limits of the server allow (CONTENT_TITLE_CHARS_MAX). */
const TITLE_CHARS_MAX = 120;
/** The preview asks the server's sanitiser this long after the last keystroke. */
const PREVIEW_DELAY_MS = 400;

const formOf = (item: ContentAdminItem | undefined): EditorForm => ({
  status: item?.status ?? 'draft',
  publish_at: localOfIso(item?.publish_at ?? new Date().toISOString()),
  sort: item?.sort ?? 0,
  popup: item?.popup ?? false,
  versions: Object.fromEntries((item?.versions ?? []).map((v) => [v.lang, { title: v.title, content: v.content, image: v.image }])),
});

/** Uploads one image as a public content image; answers its URL (or undefined when refused, shown). */
async function uploadImage(file: File): Promise<string | undefined> {
  try {
    return (await contentApi.uploadImage(file)).url;
  } catch (error) {
    showError(error);
    return undefined;
  }
}

/** An upload button that hands the uploaded image's URL to `onUploaded` (antd's own upload request is not used). */
function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        void uploadImage(file).then((url) => url && onUploaded(url));
        return false;
      }}
    >
      <Button>{label}</Button>
    </Upload>
  );
}

/**
 * The HTML as readers will get it: the server's sanitiser answers for the text typed, a moment after
 * typing stops. Read only, the text shown is the stored one, sanitised when it was saved.
 */
function Preview({ html, stored }: { html: string; stored: boolean }) {
  const { t } = useI18n();
  const [sanitised, setSanitised] = useState('');
  useEffect(() => {
    if (html.trim() === '' || stored) return setSanitised(html);
    const timer = setTimeout(() => {
      contentApi.preview(html).then((answer) => setSanitised(answer.content), showError);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [html, stored]);
  return (
    <Card size="small" title={t('content.preview')} aria-label={t('content.preview')} role="region">
      {sanitised ? <div className="content-preview__body" dangerouslySetInnerHTML={{ __html: sanitised }} /> : <Typography.Text type="secondary">{t('content.previewEmpty')}</Typography.Text>}
    </Card>
  );
}

/** One language's title, image, HTML (with a toolbar that wraps the selection) and its live preview. */
function VersionFields({ form, lang, kind, readOnly }: { form: FormInstance<EditorForm>; lang: Lang; kind: ContentKind; readOnly: boolean }) {
  const { t } = useI18n();
  const area = useRef<GetRef<typeof Input.TextArea>>(null);
  const html = (Form.useWatch(['versions', lang, 'content'], form) as string | undefined) ?? '';
  const image = Form.useWatch(['versions', lang, 'image'], form) as string | undefined;
  const name = LANGUAGE_NAMES[lang];
  /** Wraps the selection (or inserts at the cursor) in `before` and `after`. */
  const wrap = (before: string, after = '') => {
    const text = (form.getFieldValue(['versions', lang, 'content']) as string | undefined) ?? '';
    const element = area.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    form.setFieldValue(['versions', lang, 'content'], text.slice(0, start) + before + text.slice(start, end) + after + text.slice(end));
  };
  const titleRules =
    lang === 'en'
      ? [{ required: true, whitespace: true, message: t('content.englishRequired') }]
      : [
          {
            validator: (_: unknown, value: string | undefined) => {
              const content = form.getFieldValue(['versions', lang, 'content']) as string | undefined;
              return !value?.trim() && content?.trim() ? Promise.reject(new Error(t('content.titleRequired'))) : Promise.resolve();
            },
          },
        ];
  const tools: [string, string, string][] = [
    [t('content.tool.paragraph'), '<p>', '</p>'],
    [t('content.tool.bold'), '<strong>', '</strong>'],
    [t('content.tool.italic'), '<em>', '</em>'],
    [t('content.tool.heading'), '<h2>', '</h2>'],
    [t('content.tool.list'), '<ul>\n  <li>', '</li>\n</ul>'],
    [t('content.tool.link'), '<a href="https://">', '</a>'],
    [t('content.tool.question'), '<details><summary>', '</summary><p></p></details>'],
  ];
  return (
    <>
      {lang !== 'en' && <Typography.Paragraph type="secondary">{t('content.versionHint')}</Typography.Paragraph>}
      <Form.Item name={['versions', lang, 'title']} label={t('content.itemTitle')} rules={titleRules} dependencies={[['versions', lang, 'content']]}>
        <Input aria-label={`${t('content.itemTitle')} (${name})`} maxLength={TITLE_CHARS_MAX} disabled={readOnly} />
      </Form.Item>
      {kind !== 'page' && (
        // The image's URL is the hidden field; the item around it only shows it (a named item would take the file input's change for its value).
        <Form.Item label={t('content.image')} extra={t('content.imageHint')}>
          <Form.Item name={['versions', lang, 'image']} hidden>
            <Input />
          </Form.Item>
          <Space align="start">
            {image && <Image src={image} width={160} alt={`${t('content.image')} (${name})`} />}
            {!readOnly && <ImageUpload label={t('content.upload')} onUploaded={(url) => form.setFieldValue(['versions', lang, 'image'], url)} />}
            {image && !readOnly && (
              <Button onClick={() => form.setFieldValue(['versions', lang, 'image'], '')} aria-label={`${t('content.removeImage')} (${name})`}>
                {t('content.removeImage')}
              </Button>
            )}
          </Space>
        </Form.Item>
      )}
      {!readOnly && (
        <Space wrap style={{ marginBottom: 8 }}>
          {tools.map(([label, before, after]) => (
            <Button key={label} size="small" onClick={() => wrap(before, after)}>
              {label}
            </Button>
          ))}
          <ImageUpload label={t('content.tool.image')} onUploaded={(url) => wrap(`<img src="${url}" alt="">`)} />
        </Space>
      )}
      <Form.Item name={['versions', lang, 'content']} label={t('content.body')}>
        <Input.TextArea ref={area} aria-label={`${t('content.body')} (${name})`} rows={10} readOnly={readOnly} />
      </Form.Item>
      <Preview html={html} stored={readOnly} />
    </>
  );
}

/**
 * The editor of one item: its state, publish time, order and (news and banners) popup switch, and a tab
 * per language, English required. Opening an existing item loads its full text first. Read-only for the
 * support role.
 */
export function ContentEditor({ target, readOnly, onClose }: { target: EditorTarget; readOnly: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<EditorForm>();
  const [item, setItem] = useState<ContentAdminItem | undefined | null>(target.id === undefined ? undefined : null);
  useEffect(() => {
    if (target.id !== undefined) contentApi.item(target.id).then(setItem, (error: unknown) => (showError(error), onClose()));
  }, [target.id, onClose]);

  const submit = async (values: EditorForm) => {
    const versions = VERSION_LANGUAGES.flatMap((lang) => {
      const version = values.versions[lang] ?? {};
      const title = version.title?.trim() ?? '';
      const content = version.content ?? '';
      const image = version.image ?? '';
      return title || content.trim() || image ? [{ lang, title, content, image }] : [];
    });
    const input: ContentSave = {
      id: item?.id,
      kind: target.kind,
      page_key: target.pageKey,
      status: values.status,
      sort: Number(values.sort ?? 0),
      publish_at: isoOfLocal(values.publish_at) || new Date().toISOString(),
      popup: target.kind !== 'page' && values.popup,
      versions,
    };
    if (await decide(() => contentApi.save(input), t('content.saved'))) onClose();
  };

  return (
    <FormModal form={form} width={960} title={target.title} onClose={onClose} okButtonProps={{ disabled: readOnly || item === null }}>
      {item === null ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : (
        <Form<EditorForm> form={form} layout="vertical" requiredMark={false} initialValues={formOf(item)} onFinish={submit} disabled={readOnly}>
          <Space wrap size="large">
            <Form.Item name="status" label={t('content.status')}>
              <Select
                aria-label={t('content.status')}
                style={{ width: 160 }}
                options={(['draft', 'published'] as const).map((value) => ({ value, label: t(`content.status.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="publish_at" label={t('content.publishAt')} extra={t('content.publishAtHint')}>
              <Input aria-label={t('content.publishAt')} type="datetime-local" />
            </Form.Item>
            <Form.Item name="sort" label={t('content.sort')} extra={t('content.sortHint')}>
              <InputNumber aria-label={t('content.sort')} min={0} max={1_000_000} precision={0} />
            </Form.Item>
            {target.kind !== 'page' && (
              <Form.Item name="popup" label={t('content.popup')} valuePropName="checked" extra={t('content.popupHint')}>
                <Switch aria-label={t('content.popup')} />
              </Form.Item>
            )}
          </Space>
          <Typography.Text strong>{t('content.versions')}</Typography.Text>
          {/* Every language's fields stay mounted, so a version typed on another tab is sent. */}
          <Tabs
            items={VERSION_LANGUAGES.map((lang) => ({
              key: lang,
              label: LANGUAGE_NAMES[lang],
              forceRender: true,
              children: <VersionFields form={form} lang={lang} kind={target.kind} readOnly={readOnly} />,
            }))}
          />
        </Form>
      )}
    </FormModal>
  );
}
