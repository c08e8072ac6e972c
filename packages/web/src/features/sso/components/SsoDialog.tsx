import { SSO_NAME_PATTERN, type SsoConfigBody } from '@safety-shield/contract';
import { App, Button, Form, Input, Popconfirm, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredText } from '../../../shared/forms/rules.js';
import { ApiError } from '../../../shared/http/client.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useRemoveSsoConfig, useSaveSsoConfig, useSsoConfig } from '../api/sso-config.js';

interface Values {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  enabled: boolean;
}

interface Props {
  company: { id: number; name: string };
  onClose(): void;
}

/** The fields a refusal may name, with the text that says what is wrong with each. */
const fieldErrors: Record<string, string> = { name: 'sso.nameTaken', issuer: 'sso.issuerInvalid', clientSecret: 'sso.secretRequired' };

/**
 * A company's OpenID provider (issue 15), kept by its Super or Agent Admin: sign-in name, issuer, client id, the
 * write-only client secret and whether it is on. The server checks the issuer's discovery before it saves.
 */
export function SsoDialog({ company, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { data: config } = useSsoConfig(company.id);
  const save = useSaveSsoConfig();
  const remove = useRemoveSsoConfig();

  useEffect(() => {
    if (!config) return;
    form.setFieldsValue({
      name: config.name ?? '',
      issuer: config.issuer ?? '',
      clientId: config.clientId ?? '',
      enabled: config.configured ? config.enabled : true,
    });
  }, [config, form]);

  const submit = async ({ clientSecret, ...values }: Values) => {
    const body: SsoConfigBody = {
      id: company.id,
      name: values.name.trim(),
      issuer: values.issuer.trim(),
      clientId: values.clientId.trim(),
      enabled: values.enabled,
      ...(clientSecret ? { clientSecret } : {}),
    };
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : undefined;
      const text = field && fieldErrors[field];
      if (text) form.setFields([{ name: field as keyof Values, errors: [t(text)] }]);
      return;
    }
    message.success(t('list.saved'));
    onClose();
  };

  const removeConfig = async () => {
    try {
      await remove.mutateAsync(company.id);
    } catch {
      return;
    }
    message.success(t('sso.removed'));
    onClose();
  };

  return (
    <FormDialog
      title={t('sso.title', { company: company.name })}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      width={600}
      footer={(buttons) => (
        <>
          {config?.configured && (
            <Popconfirm title={t('sso.removeConfirm')} onConfirm={() => void removeConfig()}>
              <Button danger style={{ float: 'left' }} loading={remove.isPending}>
                {t('sso.remove')}
              </Button>
            </Popconfirm>
          )}
          {buttons}
        </>
      )}
    >
      <Form form={form} name="sso" layout="vertical" onFinish={(values) => void submit(values)} data-testid="sso-form" requiredMark>
        <Form.Item
          name="name"
          label={t('sso.name')}
          extra={t('sso.nameHint')}
          rules={[requiredText(t('sso.nameRequired')), { pattern: new RegExp(SSO_NAME_PATTERN), message: t('sso.nameFormat') }]}
        >
          <Input maxLength={63} autoComplete="off" />
        </Form.Item>
        <Form.Item name="issuer" label={t('sso.issuer')} extra={t('sso.issuerHint')} rules={[requiredText(t('sso.issuerInvalid'))]}>
          <Input maxLength={2048} autoComplete="off" placeholder="https://login.example.com" />
        </Form.Item>
        <Form.Item name="clientId" label={t('sso.clientId')} rules={[requiredText(t('sso.clientIdRequired'))]}>
          <Input maxLength={512} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="clientSecret"
          label={t('sso.clientSecret')}
          extra={config?.secretSet ? t('sso.secretKept') : undefined}
          rules={[{ required: config !== undefined && !config.secretSet, message: t('sso.secretRequired') }]}
        >
          <Input.Password maxLength={2048} autoComplete="new-password" placeholder={config?.secretSet ? '••••••••' : undefined} />
        </Form.Item>
        <Form.Item name="enabled" label={t('sso.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {config && (
          <Form.Item label={t('sso.redirectUri')}>
            <Typography.Text copyable code data-testid="sso-redirect-uri">
              {config.redirectUri}
            </Typography.Text>
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
