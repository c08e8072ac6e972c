import { IDENTITY_MS } from '@safety-shield/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setIdentityPrompt } from '../auth/identity.js';
import { api } from '../http/api.js';
import { ApiError } from '../http/client.js';

/**
 * "Confirm it's you": asked when a call needs a recently confirmed password (`POST /v1/account/identify`); the call
 * that asked goes again once it is confirmed. Mounted once with the app.
 */
export function IdentifyDialog() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const answer = useRef<(confirmed: boolean) => void>(undefined);

  useEffect(() => {
    setIdentityPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setOpen(true);
        }),
    );
    return () => setIdentityPrompt(undefined);
  }, []);

  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = undefined;
    setOpen(false);
    form.resetFields();
  };

  const confirm = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await api.account.identify({ password }, { silent: true });
      finish(true);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : String(error);
      form.setFields([{ name: 'password', errors: [text] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('identify.title')}
      okText={t('identify.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => finish(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('identify.explain', { minutes: IDENTITY_MS / 60_000 })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={confirm} requiredMark={false}>
        <Form.Item name="password" label={t('identify.password')} rules={[{ required: true, message: t('identify.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" autoFocus data-testid="identify-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
