import { languages, type SelfInfo } from '@safety-shield/contract';
import { Descriptions, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProfileFields, type ProfileValues, profileBody } from '../../../shared/forms/ProfileFields.js';
import { SettingsForm } from '../../../shared/forms/SettingsForm.js';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useUpdateSelf } from '../api/update-self.js';

/** The own profile: real name, contact, language, time zone, address. Saving a language also switches the console to it. */
export function ProfileForm({ info }: { info: SelfInfo }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const { language, setLanguage } = usePreferences();
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateSelf();
  const { baseInfo } = info;
  const saved = languages.find((code) => code === baseInfo.language);

  const submit = async (values: ProfileValues) => {
    if (!(await attempt(() => update.mutateAsync(profileBody(values)), t('list.saved')))) return;
    if (values.language && values.language !== language) await setLanguage(values.language);
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('account.username')}>{baseInfo.username}</Descriptions.Item>
        <Descriptions.Item label={t('account.role')}>{t(`roles.${baseInfo.role}`)}</Descriptions.Item>
      </Descriptions>
      <SettingsForm<ProfileValues>
        form={form}
        name="profile"
        testId="profile-form"
        pending={update.isPending}
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
      >
        <Row gutter={16}>
          <ProfileFields form={form} />
        </Row>
      </SettingsForm>
    </div>
  );
}
