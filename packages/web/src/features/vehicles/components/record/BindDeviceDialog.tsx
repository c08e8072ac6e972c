import type { VehicleDetail } from '@safety-shield/contract';
import { App, Form, Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/http/client.js';
import { FormDialog } from '../../../../shared/ui/FormDialog.js';
import { useBindDevice } from '../../api/bind-device.js';
import { useUnmatchedDevices } from '../../api/get-unmatched-devices.js';
import { SubmitOnEnter } from '../form/SubmitOnEnter.js';

interface Props {
  vehicle: VehicleDetail;
  open: boolean;
  onClose(): void;
}

/**
 * Binds an unmatched device, found by part of its uuid. A device bound elsewhere in the meantime
 * (DEVICE_HAD_BEEN_BIND) is taken from that vehicle only after the user says so (SPEC section 4: forced unbind warns).
 */
export function BindDeviceDialog({ vehicle, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ deviceId?: number }>();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const devices = useUnmatchedDevices(search, open);
  const bind = useBindDevice();

  const done = (uuid: string) => {
    message.success(t('vehicles.device.bound', { uuid, plate: vehicle.licensePlate }));
    form.resetFields();
    onClose();
  };

  const submit = async ({ deviceId }: { deviceId?: number }) => {
    if (!deviceId) return;
    const uuid = devices.data?.records.find((device) => device.deviceId === deviceId)?.deviceUuid ?? `#${deviceId}`;
    try {
      await bind.mutateAsync({ vehicleId: vehicle.id, deviceId });
      return done(uuid);
    } catch (error) {
      if (!(error instanceof ApiError) || error.codeKey !== 'DEVICE_HAD_BEEN_BIND') {
        // The call is silent (see bindDevice): every other refusal is shown here.
        message.error(error instanceof Error ? error.message : String(error), 2);
        return;
      }
      const other = (error.data as { licensePlate?: string } | null)?.licensePlate ?? '—';
      modal.confirm({
        title: t('vehicles.device.forceTitle'),
        content: t('vehicles.device.forceConfirm', { plate: other }),
        okText: t('vehicles.device.forceOk'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            await bind.mutateAsync({ vehicleId: vehicle.id, deviceId, force: true });
            done(uuid);
          } catch (forced) {
            message.error(forced instanceof Error ? forced.message : String(forced), 2);
          }
        },
      });
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('vehicles.device.bindTitle', { plate: vehicle.licensePlate })}
      okText={t('vehicles.device.bind')}
      form={form}
      pending={bind.isPending}
      onClose={onClose}
      destroyOnHidden
    >
      <Form form={form} name="bind-device" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="deviceId"
          label={t('vehicles.device.unmatched')}
          extra={t('vehicles.device.searchHint')}
          rules={[{ required: true, message: t('vehicles.device.required') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('vehicles.device.searchPlaceholder')}
            loading={devices.isFetching}
            notFoundContent={devices.isFetching ? t('common.loading') : t('vehicles.device.noneUnmatched')}
            options={(devices.data?.records ?? []).map((device) => ({
              value: device.deviceId,
              label: device.name ? `${device.deviceUuid} · ${device.name}` : device.deviceUuid,
            }))}
            data-testid="bind-device-select"
          />
        </Form.Item>
        <SubmitOnEnter />
      </Form>
    </FormDialog>
  );
}
