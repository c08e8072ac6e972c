import { pathTo } from '@safety-shield/contract';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearToken } from '../../../shared/auth/token.js';
import { useDeleteSelf, useUnsubscribe } from '../api/leave.js';

/** Stop notification e-mails, or delete the own account after typing the password. */
export function LeavePanel() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const unsubscribe = useUnsubscribe();
  const deleteSelf = useDeleteSelf();
  const [deleting, setDeleting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const confirmUnsubscribe = () =>
    modal.confirm({
      title: t('credentials.leave.unsubscribe'),
      content: t('credentials.leave.unsubscribeConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await unsubscribe.mutateAsync();
        message.success(t('credentials.leave.unsubscribed'));
      },
    });

  const removeSelf = async ({ password }: { password: string }) => {
    await deleteSelf.mutateAsync(password);
    clearToken();
    window.location.assign(pathTo('Login'));
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section>
        <Typography.Title level={5}>{t('credentials.leave.unsubscribe')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('credentials.leave.unsubscribeExplain')}</Typography.Paragraph>
        <Button onClick={confirmUnsubscribe} loading={unsubscribe.isPending}>
          {t('credentials.leave.unsubscribe')}
        </Button>
      </section>
      <section>
        <Typography.Title level={5}>{t('credentials.leave.delete')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('credentials.leave.deleteExplain')}</Typography.Paragraph>
        <Button danger onClick={() => setDeleting(true)}>
          {t('credentials.leave.delete')}
        </Button>
      </section>
      <Modal
        open={deleting}
        title={t('credentials.leave.delete')}
        okText={t('list.delete')}
        okButtonProps={{ danger: true, loading: deleteSelf.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setDeleting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={removeSelf} requiredMark={false}>
          <Form.Item
            name="password"
            label={t('credentials.leave.password')}
            rules={[{ required: true, message: t('credentials.leave.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
