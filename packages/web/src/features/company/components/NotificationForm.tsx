import type { CompanyNotification } from '@safety-shield/contract';
import { App, Button, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveCompanySetting } from '../api/company-setting.js';
import { cleanRecipients, MAX_RECIPIENTS, recipientProblem } from './recipients.js';

/** Who the company's incident e-mails and daily summary go to. */
export function NotificationForm({ notification }: { notification: CompanyNotification }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyNotification>();
  const save = useSaveCompanySetting();

  const submit = async (values: CompanyNotification) => {
    try {
      await save.mutateAsync({
        notification: {
          incidentEmails: values.incidentEmails,
          dailySummary: values.dailySummary,
          recipients: cleanRecipients(values.recipients),
        },
      });
    } catch {
      return; // the HTTP layer has shown the server's reason
    }
    message.success(t('list.saved'));
  };

  return (
    <Form<CompanyNotification>
      form={form}
      name="companyNotification"
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 560 }}
      data-testid="company-notification-form"
      initialValues={notification}
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
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
