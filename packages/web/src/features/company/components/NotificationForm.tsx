import type { CompanyNotification } from '@safety-shield/contract';
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../../shared/forms/SettingsForm.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useSaveCompanySetting } from '../api/company-setting.js';
import { cleanRecipients, MAX_RECIPIENTS, recipientProblem } from './recipients.js';

/** Who the company's incident e-mails and daily summary go to. */
export function NotificationForm({ notification }: { notification: CompanyNotification }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<CompanyNotification>();
  const save = useSaveCompanySetting();

  const submit = (values: CompanyNotification) => {
    const { incidentEmails, dailySummary } = values;
    const notification = { incidentEmails, dailySummary, recipients: cleanRecipients(values.recipients) };
    return attempt(() => save.mutateAsync({ notification }), t('list.saved'));
  };

  return (
    <SettingsForm<CompanyNotification>
      form={form}
      name="companyNotification"
      testId="company-notification-form"
      initialValues={notification}
      onFinish={submit}
      pending={save.isPending}
      maxWidth={560}
    >
      <Form.Item name="incidentEmails" label={t('company.incidentEmails')} valuePropName="checked" extra={t('company.incidentEmailsHint')}>
        <Switch />
      </Form.Item>
      <Form.Item name="dailySummary" label={t('company.dailySummary')} valuePropName="checked" extra={t('company.dailySummaryHint')}>
        <Switch />
      </Form.Item>
      <Form.Item
        name="recipients"
        label={t('company.recipients')}
        extra={t('company.recipientsHint', { max: MAX_RECIPIENTS })}
        rules={[
          {
            validator: (_, value: string[] | undefined) => {
              const found = recipientProblem(cleanRecipients(value));
              if (!found) return Promise.resolve();
              const text =
                found.problem === 'tooMany'
                  ? t('company.recipientsTooMany', { max: MAX_RECIPIENTS })
                  : t(found.problem === 'invalid' ? 'company.recipientInvalid' : 'company.recipientDuplicate', { address: found.address });
              return Promise.reject(new Error(text));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ';', ' ']}
          placeholder={t('company.recipientsPlaceholder')}
          data-testid="company-recipients"
        />
      </Form.Item>
    </SettingsForm>
  );
}
