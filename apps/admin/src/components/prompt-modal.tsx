import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

type Props = {
  open: boolean;
  title: string;
  /** The label of the one field (a reason, a transaction reference) and its required message. */
  label: string;
  required: string;
  extra?: string;
  okText: string;
  cancelText: string;
  danger?: boolean;
  /** The longest text the server takes (500 unless told). */
  max?: number;
  onCancel: () => void;
  /** Answers whether the decision went through; the modal stays open with the text when it did not. */
  onSubmit: (text: string) => Promise<boolean>;
};

/** A decision that needs one line of text from the operator: a rejection's reason, an approval's reference. */
export function PromptModal({ open, title, label, required, extra, okText, cancelText, danger, max = 500, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<{ text: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const { text } = await form.validateFields();
    setBusy(true);
    try {
      if (await onSubmit(text.trim())) form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item name="text" label={label} extra={extra} rules={[{ required: true, whitespace: true, message: required }, { max }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={max} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
