import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The key just made; undefined closes the dialog. */
  secret: string | undefined;
  onClose(): void;
}

/** The only time a provisioning key is shown (the server keeps only its hash): with a copy button. */
export function NewKeyModal({ secret, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== undefined}
      title={t('devices.provisioning.newKeyTitle')}
      onCancel={onClose}
      // The key is gone once closed: a stray click outside must not lose it.
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('devices.provisioning.onlyOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        copyable={{ tooltips: [t('devices.copy'), t('devices.copied')] }}
        data-testid="new-provisioning-key"
        style={{ wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
