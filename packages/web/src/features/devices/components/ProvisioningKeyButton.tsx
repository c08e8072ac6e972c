import { KeyOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateProvisioningKey } from '../api/create-provisioning-key.js';
import { NewKeyModal } from './NewKeyModal.js';

interface Props {
  /** The company (wider roles); undefined for a Company Admin's own. */
  companyId: number | undefined;
  /** A key exists: making another replaces it, so ask first. */
  exists: boolean;
  disabled?: boolean;
}

/** Creates or replaces a company's provisioning key and shows the new key once. */
export function ProvisioningKeyButton({ companyId, exists, disabled }: Props) {
  const { t } = useTranslation();
  const create = useCreateProvisioningKey();
  const [secret, setSecret] = useState<string>();
  const run = async () => {
    try {
      setSecret((await create.mutateAsync(companyId)).key);
    } catch {
      // the HTTP layer has shown the server's reason
    }
  };
  const button = (onClick?: () => void) => (
    <Button type="primary" icon={<KeyOutlined />} loading={create.isPending} disabled={disabled} onClick={onClick}>
      {t(exists ? 'devices.provisioning.replace' : 'devices.provisioning.create')}
    </Button>
  );
  return (
    <>
      {exists ? (
        <Popconfirm
          title={t('devices.provisioning.replaceConfirm')}
          description={<div style={{ maxWidth: 360 }}>{t('devices.provisioning.replaceHint')}</div>}
          okText={t('devices.provisioning.replace')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={run}
        >
          {button()}
        </Popconfirm>
      ) : (
        button(() => void run())
      )}
      <NewKeyModal secret={secret} onClose={() => setSecret(undefined)} />
    </>
  );
}
