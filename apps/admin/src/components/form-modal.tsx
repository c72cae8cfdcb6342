import { Modal, type FormInstance, type ModalProps } from 'antd';
import { useI18n } from '../i18n.tsx';

/** A modal around one form: OK (Save unless told) submits the form, whose onFinish saves; Cancel closes. */
export function FormModal({ form, onClose, okText, ...modal }: Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'cancelText'> & { form: FormInstance; onClose: () => void }) {
  const { t } = useI18n();
  return <Modal open okText={okText ?? t('markets.save')} cancelText={t('markets.cancel')} onOk={() => form.submit()} onCancel={onClose} {...modal} />;
}
