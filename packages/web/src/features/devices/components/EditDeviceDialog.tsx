import type { DeviceRecord } from '@safety-shield/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
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
  const attempt = useAttempt();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateDevice();
  const submit = async (values: EditValues) => {
    const body = { deviceId: device.deviceId, name: values.name?.trim() || null, channels: values.channels };
    if (await attempt(() => update.mutateAsync(body), t('list.saved'))) onClose();
  };
  return (
    <FormDialog title={t('devices.edit.title', { uuid: device.deviceUuid })} form={form} pending={update.isPending} onClose={onClose}>
      <Form<EditValues>
        form={form}
        name="edit-device"
        layout="vertical"
        initialValues={{ name: device.name ?? '', channels: device.channels }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label={t('devices.name')} rules={[maxLength(t, NAME_MAX)]}>
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
    </FormDialog>
  );
}
