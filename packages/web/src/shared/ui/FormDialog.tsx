import { type FormInstance, Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'cancelText'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any form's instance; only its submit is used
  form: FormInstance<any>;
  /** The save is under way: the OK button spins. */
  pending: boolean;
  onClose(): void;
};

/** A dialog around one form: OK (Save unless named otherwise) submits the form, Cancel closes. Open unless told. */
export function FormDialog({ form, pending, onClose, open = true, okText, children, ...modal }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      {...modal}
    >
      {children}
    </Modal>
  );
}
