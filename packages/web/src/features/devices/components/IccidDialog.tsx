import type { DeviceRecord } from '@safety-shield/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useSetIccid } from '../api/update-device.js';

/** The contract's rule (IccidBody): a SIM card's ICCID has 19 or 20 digits. */
export const ICCID = /^[0-9]{19,20}$/;

/** Records the ICCID of the SIM card in a device. */
export function IccidDialog({ device, onClose }: { device: DeviceRecord; onClose(): void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<{ iccid: string }>();
  const save = useSetIccid();
  const submit = async ({ iccid }: { iccid: string }) => {
    if (await attempt(() => save.mutateAsync({ deviceId: device.deviceId, iccid: iccid.trim() }), t('list.saved'))) onClose();
  };
  return (
    <FormDialog title={t('devices.iccidDialog.title', { uuid: device.deviceUuid })} form={form} pending={save.isPending} onClose={onClose}>
      <Form
        form={form}
        name="device-iccid"
        layout="vertical"
        initialValues={{ iccid: device.iccid ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="iccid"
          label={t('devices.iccid')}
          extra={t('devices.iccidDialog.hint')}
          rules={[requiredText(t('devices.iccidDialog.required')), { pattern: ICCID, message: t('devices.iccidDialog.rule') }]}
        >
          <Input inputMode="numeric" maxLength={20} autoComplete="off" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
