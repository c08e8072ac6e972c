import type { AccountRecord } from '@safety-shield/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { useResetPassword } from '../api/manage-account.js';

interface ResetValues {
  password: string;
  rePassword: string;
}

/** Sets a new password for another account; its owner must change it at the next login. */
export function ResetPasswordDialog({ account, onClose }: { account: AccountRecord | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const rules = accountRules(t);

  useEffect(() => {
    if (account) {
      form.resetFields();
      // The new password must not share too much with this account's phone or e-mail either.
      form.setFieldsValue({ phone: account.phone, email: account.email } as never);
    }
  }, [account, form]);

  const submit = async (values: ResetValues) => {
    if (!account) return;
    try {
      await reset.mutateAsync({ uid: account.uid, password: values.password, rePassword: values.rePassword });
    } catch {
      return;
    }
    message.success(t('account.resetDone'));
    onClose();
  };

  return (
    <Modal
      open={!!account}
      title={t('account.resetTitle', { name: account?.username ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('account.resetHint')}</Typography.Paragraph>
      <Form form={form} name="resetPassword" layout="vertical" onFinish={submit} data-testid="reset-password-form">
        <Form.Item name="phone" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="email" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('account.newPassword')} rules={rules.password(form)} extra={t('validation.passwordHint')}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" label={t('account.rePassword')} rules={rules.repeat()} dependencies={['password']}>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
