import { isUrl } from '@fairex/contract/validators';
import { Button, Card, Form, Image, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
import type { SiteSettingsInput } from '@fairex/contract';
import { contentApi, type SiteSettings } from '../api-content.ts';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { showError } from '../notify.ts';
import { useDecision } from '../review-queue.ts';

const LINK_FIELDS = ['customer_service_url', 'android_download_url', 'ios_download_url'] as const;
const FIELD_LABELS: Record<keyof SiteSettings, MessageKey> = {
  site_name: 'content.settings.siteName',
  site_logo: 'content.settings.siteLogo',
  customer_service_url: 'content.settings.customerServiceUrl',
  webview_hosts: 'content.settings.webviewHosts',
  app_version: 'content.settings.appVersion',
  app_version_code: 'content.settings.appVersionCode',
  android_download_url: 'content.settings.androidDownloadUrl',
  ios_download_url: 'content.settings.iosDownloadUrl',
};

/** Content > Settings (admins): the keywords GET /getSetting answers, saved together (the server logs what changed). */
export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useI18n();
  const decide = useDecision();
  const [form] = Form.useForm<SiteSettings>();
  const logo = Form.useWatch('site_logo', form);
  const linkRule = { validator: (_: unknown, value: string | undefined) => (!value?.trim() || isUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('content.settings.linkInvalid')))) };
  const label = (key: keyof SiteSettings) => t(FIELD_LABELS[key]);
  const submit = (values: SiteSettings) => {
    const input: SiteSettingsInput = { ...values, app_version_code: Number(values.app_version_code), webview_hosts: values.webview_hosts.map((host) => host.trim().toLowerCase()) };
    for (const key of LINK_FIELDS) input[key] = values[key].trim();
    void decide(() => contentApi.saveSettings(input), t('content.saved'));
  };
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('content.settings.hint')}</Typography.Paragraph>
      <Form<SiteSettings> form={form} layout="vertical" requiredMark={false} initialValues={settings} onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item name="site_name" label={label('site_name')} rules={[{ required: true, whitespace: true }]}>
          <Input aria-label={label('site_name')} maxLength={40} />
        </Form.Item>
        <Form.Item label={label('site_logo')}>
          <Form.Item name="site_logo" hidden>
            <Input />
          </Form.Item>
          <Space align="start">
            {logo && <Image src={logo} width={96} alt={label('site_logo')} />}
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                contentApi.uploadImage(file).then((answer) => form.setFieldValue('site_logo', answer.url), showError);
                return false;
              }}
            >
              <Button>{t('content.upload')}</Button>
            </Upload>
            {logo && <Button onClick={() => form.setFieldValue('site_logo', '')}>{t('content.removeImage')}</Button>}
          </Space>
        </Form.Item>
        <Form.Item name="customer_service_url" label={label('customer_service_url')} extra={t('content.settings.customerServiceHint')} rules={[linkRule]}>
          <Input aria-label={label('customer_service_url')} placeholder="https://" />
        </Form.Item>
        <Form.Item name="webview_hosts" label={label('webview_hosts')} extra={t('content.settings.webviewHostsHint')}>
          <Select aria-label={label('webview_hosts')} mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="app_version" label={label('app_version')} rules={[{ required: true, pattern: /^\d{1,4}\.\d{1,4}\.\d{1,4}$/, message: t('content.settings.versionInvalid') }]}>
            <Input aria-label={label('app_version')} />
          </Form.Item>
          <Form.Item name="app_version_code" label={label('app_version_code')} rules={[{ required: true }]}>
            <InputNumber aria-label={label('app_version_code')} min={1} precision={0} />
          </Form.Item>
        </Space>
        {(['android_download_url', 'ios_download_url'] as const).map((key) => (
          <Form.Item key={key} name={key} label={label(key)} rules={[linkRule]}>
            <Input aria-label={label(key)} placeholder="https://" />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit">
          {t('content.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
