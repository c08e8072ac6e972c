import { type Language, languages, type SelfInfo, type SelfUpdateBody } from '@safety-shield/contract';
import { App, Button, Descriptions, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProfileFields, textOrNull } from '../../../shared/forms/ProfileFields.js';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import { useUpdateSelf } from '../api/update-self.js';

interface ProfileValues {
  realName?: string;
  phone?: string;
  fixedTel?: string;
  email?: string;
  language?: Language | null;
  timeZone?: string | null;
  address?: string;
}

/** The own profile: real name, contact, language, time zone, address. Saving a language also switches the console to it. */
export function ProfileForm({ info }: { info: SelfInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language, setLanguage } = usePreferences();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateSelf();
  const { baseInfo } = info;
  const saved = languages.find((code) => code === baseInfo.language);

  const submit = async (values: ProfileValues) => {
    const body: SelfUpdateBody = {
      realName: textOrNull(values.realName),
      phone: textOrNull(values.phone),
      fixedTel: textOrNull(values.fixedTel),
      email: textOrNull(values.email),
      address: textOrNull(values.address),
      language: values.language ?? null,
      timeZone: values.timeZone ?? null,
    };
    try {
      await update.mutateAsync(body);
    } catch {
      return;
    }
    message.success(t('list.saved'));
    if (values.language && values.language !== language) await setLanguage(values.language);
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('account.username')}>{baseInfo.username}</Descriptions.Item>
        <Descriptions.Item label={t('account.role')}>{t(`roles.${baseInfo.role}`)}</Descriptions.Item>
      </Descriptions>
      <Form<ProfileValues>
        form={form}
        name="profile"
        layout="vertical"
        initialValues={{
          realName: baseInfo.realName ?? undefined,
          phone: baseInfo.phone ?? undefined,
          fixedTel: baseInfo.fixedTel ?? undefined,
          email: baseInfo.email ?? undefined,
          address: baseInfo.address ?? undefined,
          language: saved ?? null,
          timeZone: baseInfo.timeZone,
        }}
        onFinish={submit}
        data-testid="profile-form"
      >
        <Row gutter={16}>
          <ProfileFields form={form} />
        </Row>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </div>
  );
}
