import type { DeviceRecord } from '@safety-shield/contract';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateDevice } from '../api/update-device.js';

interface EditValues {
  name?: string;
  channels: number;
}

/** The contract's bounds (DeviceUpdateBody). */
const NAME_MAX = 64;
const CHANNELS = { min: 1, max: 16 };

/** Renames a device and sets how many camera channels it records. */
export function EditDeviceDialog({ device, onClose }: { device: DeviceRecord; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateDevice();
  const submit = async (values: EditValues) => {
    try {
      await update.mutateAsync({ deviceId: device.deviceId, name: values.name?.trim() || null, channels: values.channels });
    } catch {
      return; // the HTTP layer has shown the server's reason
    }
    message.success(t('list.saved'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('devices.edit.title', { uuid: device.deviceUuid })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
    >
      <Form<EditValues>
        form={form}
        name="edit-device"
        layout="vertical"
        initialValues={{ name: device.name ?? '', channels: device.channels }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label={t('devices.name')} rules={[{ max: NAME_MAX, message: t('form.maxLength', { max: NAME_MAX }) }]}>
          <Input maxLength={NAME_MAX} allowClear />
        </Form.Item>
        <Form.Item
          name="channels"
          label={t('devices.channels')}
          rules={[{ required: true, type: 'integer', ...CHANNELS, message: t('devices.edit.channelsRange', CHANNELS) }]}
        >
          <InputNumber {...CHANNELS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
