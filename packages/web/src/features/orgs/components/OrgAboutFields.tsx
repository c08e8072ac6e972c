import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../../shared/forms/rules.js';

/** An organisation's address and description (the contract's bounds), in its dialog and in a company's own setting. */
export function OrgAboutFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="address" label={t('org.address')} rules={[maxLength(t, 200)]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('org.description')} rules={[maxLength(t, 500)]}>
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
    </>
  );
}
