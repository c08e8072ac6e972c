import { Alert, Card, Flex, Form, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgPicker } from '../../orgs/index.js';
import { useProvisioning } from '../api/get-provisioning.js';
import { ProvisioningKeyButton } from './ProvisioningKeyButton.js';

/** "Connect new devices": whether the company has a provisioning key, and a button to make one. */
export function ProvisioningCard({ choosesCompany }: { choosesCompany: boolean }) {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number>();
  const ready = !choosesCompany || companyId !== undefined;
  const state = useProvisioning(companyId, ready);
  return (
    <Card size="small" title={t('devices.provisioning.title')} data-testid="provisioning-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('devices.provisioning.explain')}</Typography.Text>
        <Flex gap={12} wrap align="center">
          {choosesCompany && (
            <Form.Item label={t('devices.company')} htmlFor="provisioning-company" style={{ marginBottom: 0 }}>
              <OrgPicker kind="company" id="provisioning-company" value={companyId} onChange={setCompanyId} style={{ width: 240 }} />
            </Form.Item>
          )}
          {ready && state.isPending && <Skeleton.Button active size="small" />}
          {state.data && (
            <Tag color={state.data.exists ? 'success' : 'warning'} data-testid="provisioning-state">
              {t(state.data.exists ? 'devices.provisioning.exists' : 'devices.provisioning.missing')}
            </Tag>
          )}
          <ProvisioningKeyButton companyId={companyId} exists={state.data?.exists ?? false} disabled={!state.data} />
        </Flex>
        {state.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
        {!ready && <Typography.Text type="secondary">{t('devices.provisioning.chooseCompany')}</Typography.Text>}
      </Flex>
    </Card>
  );
}
