import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrgPicker } from '../../orgs/index.js';

/** Agent, company and fleet filters; each narrows the next one's choices to what belongs to it. */
export function ScopeFilters() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const agentId = Form.useWatch<number | undefined>('agentId', form);
  const companyId = Form.useWatch<number | undefined>('companyId', form);
  return (
    <>
      <Form.Item name="agentId" label={t('devices.agent')}>
        <OrgPicker kind="agent" />
      </Form.Item>
      <Form.Item name="companyId" label={t('devices.company')}>
        <OrgPicker kind="company" parentId={agentId} />
      </Form.Item>
      <Form.Item name="fleetId" label={t('devices.fleet')}>
        <OrgPicker kind="fleet" parentId={companyId} />
      </Form.Item>
    </>
  );
}
