import type { CompanySettingBody, OrgRecord } from '@safety-shield/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/forms/SettingsForm.js';
import { textOrNull } from '../../../shared/forms/text.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { LogoUpload, OrgAboutFields } from '../../orgs/index.js';
import { useSaveCompanySetting } from '../api/company-setting.js';

interface ProfileValues {
  address?: string;
  description?: string;
  logo?: string | null;
}

/** What a Company Admin may change of its company: address, description and logo; the name is its supplier's. */
export function CompanyProfileForm({ company }: { company: OrgRecord }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<ProfileValues>();
  const save = useSaveCompanySetting();

  const submit = async (values: ProfileValues) => {
    const body: CompanySettingBody = { address: textOrNull(values.address), description: textOrNull(values.description) };
    // The logo can be hundreds of KB: sent only when it was changed.
    if (form.isFieldTouched('logo')) body.logo = values.logo ?? null;
    await attempt(() => save.mutateAsync(body), t('list.saved'));
  };

  return (
    <SettingsForm<ProfileValues>
      form={form}
      name="companyProfile"
      testId="company-profile-form"
      initialValues={{ address: company.address ?? undefined, description: company.description ?? undefined, logo: company.logo }}
      onFinish={submit}
      pending={save.isPending}
      maxWidth={560}
    >
      <Form.Item label={t('org.name')} extra={t('company.nameHint')}>
        <Input value={company.name} disabled data-testid="company-name" />
      </Form.Item>
      <OrgAboutFields />
      <Form.Item name="logo" label={t('org.logo')} extra={t('org.logoHint')}>
        <LogoUpload />
      </Form.Item>
    </SettingsForm>
  );
}
