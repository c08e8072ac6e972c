import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** An organisation's address and description (the contract's bounds), in its dialog and in a company's own setting. */
export function OrgAboutFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="address" label={t('org.address')} rules={[{ max: 200, message: t('form.maxLength', { max: 200 }) }]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('org.description')} rules={[{ max: 500, message: t('form.maxLength', { max: 500 }) }]}>
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
    </>
  );
}
