import { MessageOutlined } from '@ant-design/icons';
import { canCall, driverTextApi, MAX_DRIVER_TEXT } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/api.js';
import { useSelfInfo } from '../../auth/index.js';

interface DriverTextForm {
  text: string;
  readAloud: boolean;
}

/** The text as a screen shows it: one paragraph, its white space folded. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * "Message to the driver": a text shown on the device's screen, read aloud when asked (docs/device-protocol.md,
 * `driverText`). Offered to the roles that may send one; an offline device cannot show it, which the button says.
 */
export function DriverTextButton({ deviceId, online }: { deviceId: number; online: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSelfInfo().data?.baseInfo.role;
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<DriverTextForm>();
  const send = useMutation({ mutationFn: (body: DriverTextForm) => api.driverText.send({ deviceId, ...body, text: folded(body.text) }) });
  if (!canCall(role, driverTextApi.send)) return null;

  const submit = async (values: DriverTextForm) => {
    try {
      await send.mutateAsync(values);
      message.success(t('deviceDetail.driverText.shown'));
      form.resetFields();
      setOpen(false);
    } catch {
      // The HTTP layer has shown the reason (offline, refused, no answer).
    }
  };

  return (
    <>
      <Button
        icon={<MessageOutlined />}
        disabled={!online}
        title={online ? undefined : t('deviceDetail.driverText.offline')}
        onClick={() => setOpen(true)}
        data-testid="driver-text-open"
      >
        {t('deviceDetail.driverText.open')}
      </Button>
      {!online && (
        <Typography.Text type="secondary" data-testid="driver-text-offline">
          {t('deviceDetail.driverText.offline')}
        </Typography.Text>
      )}
      <Modal
        open={open}
        title={t('deviceDetail.driverText.title')}
        okText={t('deviceDetail.driverText.send')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: send.isPending, ...{ 'data-testid': 'driver-text-send' } }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="driver-text-dialog"
      >
        {/* Above the box: antd draws the character count below it, where a hint would run into it. */}
        <Typography.Paragraph type="secondary">{t('deviceDetail.driverText.hint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ text: '', readAloud: false }} onFinish={(values) => void submit(values)}>
          <Form.Item
            name="text"
            label={t('deviceDetail.driverText.label')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  folded(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('deviceDetail.driverText.required'))),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={MAX_DRIVER_TEXT} showCount autoFocus data-testid="driver-text-input" />
          </Form.Item>
          <Form.Item name="readAloud" valuePropName="checked">
            <Checkbox data-testid="driver-text-read-aloud">{t('deviceDetail.driverText.readAloud')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
