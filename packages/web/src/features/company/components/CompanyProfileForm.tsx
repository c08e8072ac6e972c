import type { CompanySettingBody, OrgRecord } from '@safety-shield/contract';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LogoUpload } from '../../orgs/index.js';
import { useSaveCompanySetting } from '../api/company-setting.js';

interface ProfileValues {
  address?: string;
  description?: string;
  logo?: string | null;
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** What a Company Admin may change of its company: address, description and logo; the name is its supplier's. */
export function CompanyProfileForm({ company }: { company: OrgRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const save = useSaveCompanySetting();

  const submit = async (values: ProfileValues) => {
    const body: CompanySettingBody = { address: blankToNull(values.address), description: blankToNull(values.description) };
    // The logo can be hundreds of KB: sent only when it was changed.
    if (form.isFieldTouched('logo')) body.logo = values.logo ?? null;
    try {
      await save.mutateAsync(body);
    } catch {
      return; // the HTTP layer has shown the server's reason
    }
    message.success(t('list.saved'));
  };

  return (
    <Form<ProfileValues>
      form={form}
      name="companyProfile"
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 560 }}
      data-testid="company-profile-form"
      initialValues={{ address: company.address ?? undefined, description: company.description ?? undefined, logo: company.logo }}
    >
      <Form.Item label={t('org.name')} extra={t('company.nameHint')}>
        <Input value={company.name} disabled data-testid="company-name" />
      </Form.Item>
      <Form.Item name="address" label={t('org.address')} rules={[{ max: 200, message: t('form.maxLength', { max: 200 }) }]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('org.description')} rules={[{ max: 500, message: t('form.maxLength', { max: 500 }) }]}>
        <Input.TextArea maxLength={500} showCount rows={3} />
      </Form.Item>
      <Form.Item name="logo" label={t('org.logo')} extra={t('org.logoHint')}>
        <LogoUpload />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
