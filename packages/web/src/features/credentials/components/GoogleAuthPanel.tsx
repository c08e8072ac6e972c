import { Alert, Button, Form, Input, QRCode, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGoogleAuth, useGoogleAuthChange } from '../api/google-auth.js';

const CODE_RULE = { pattern: /^\d{6}$/ };

/** SPEC section 4: bind Google Authenticator by scanning the QR code and typing a code; unbinding takes a code too. */
export function GoogleAuthPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useGoogleAuth();
  const bound = data?.bound ?? false;
  const change = useGoogleAuthChange(bound ? 'unbind' : 'bind');
  const [form] = Form.useForm<{ code: string }>();

  if (isPending) return <Skeleton active />;
  if (isError || !data) return <Alert type="error" showIcon title={t('common.loadFailed')} />;

  const submit = async ({ code }: { code: string }) => {
    await change.mutateAsync({ code });
    form.resetFields();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="google-auth">
      {bound ? (
        <Alert type="success" showIcon title={t('credentials.google.bound')} />
      ) : (
        <>
          <Typography.Paragraph>{t('credentials.google.scan')}</Typography.Paragraph>
          {data.otpauthUrl && <QRCode value={data.otpauthUrl} size={176} bordered data-testid="google-qr" />}
          <Typography.Text>
            {t('credentials.google.secret')}{' '}
            <Typography.Text code copyable data-testid="google-secret">
              {data.secret}
            </Typography.Text>
          </Typography.Text>
        </>
      )}
      <Form form={form} layout="inline" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('credentials.google.code')}
          rules={[
            { required: true, message: t('credentials.google.codeRequired') },
            { ...CODE_RULE, message: t('credentials.google.codeFormat') },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" danger={bound} htmlType="submit" loading={change.isPending}>
          {bound ? t('credentials.google.unbind') : t('credentials.google.bind')}
        </Button>
      </Form>
    </Space>
  );
}
