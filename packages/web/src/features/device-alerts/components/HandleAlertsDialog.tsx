import { DEVICE_ALERT_NOTE_MAX } from '@safety-shield/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHandleAlerts } from '../api/device-alerts.js';

/** Marks the chosen pending alerts handled, with an optional note of what was done (at most 200 characters). */
export function HandleAlertsDialog({ ids, open, onClose }: { ids: number[]; open: boolean; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const handle = useHandleAlerts();
  const submit = ({ note }: { note?: string }) =>
    handle.mutate(
      { ids, note: note?.trim() || undefined },
      {
        onSuccess: ({ handled }) => {
          void message.success(t('deviceAlerts.handledCount', { count: handled }));
          form.resetFields();
          onClose(true);
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('deviceAlerts.handleTitle', { count: ids.length })}
      okText={t('deviceAlerts.handle')}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      confirmLoading={handle.isPending}
      destroyOnHidden
      data-testid="alert-handle-dialog"
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="note" label={t('deviceAlerts.note')} rules={[{ max: DEVICE_ALERT_NOTE_MAX }]}>
          <Input.TextArea
            rows={3}
            maxLength={DEVICE_ALERT_NOTE_MAX}
            showCount
            placeholder={t('deviceAlerts.notePlaceholder')}
            data-testid="alert-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
