import type { DeviceRecord } from '@safety-shield/contract';
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from '../../../shared/forms/ChoiceButtons.js';
import { requiredText } from '../../../shared/forms/rules.js';
import { ApiError } from '../../../shared/http/client.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { OrgPicker } from '../../orgs/index.js';
import { useBindDevice } from '../api/bind-device.js';
import { useCreateVehicle } from '../api/create-vehicle.js';
import { VehicleSelect } from './VehicleSelect.js';

type Mode = 'existing' | 'new';

interface BindFormValues {
  mode: Mode;
  vehicleId?: number;
  licensePlate?: string;
  fleetId?: number;
}

/** The contract's plate rule (VehicleCreateBody). */
const PLATE = /^[A-Za-z0-9][A-Za-z0-9 .·-]*$/;
const PLATE_MAX = 20;

/** Binds an unmatched device to a vehicle: an existing one, or a new one made here from a plate and a fleet. */
export function BindDeviceDialog({ device, onClose }: { device: DeviceRecord; onClose(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BindFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'existing';
  const bind = useBindDevice();
  const createVehicle = useCreateVehicle();
  const [problem, setProblem] = useState<string>();
  // A vehicle made here whose bind then failed: the retry binds it instead of making it again.
  const [created, setCreated] = useState<{ id: number; plate: string }>();
  const [chosenPlate, setChosenPlate] = useState<string>();

  const attach = async (vehicleId: number, plate: string, force: boolean) => {
    try {
      await bind.mutateAsync({ vehicleId, deviceId: device.deviceId, ...(force ? { force } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.codeKey === 'DEVICE_HAD_BEEN_BIND' && !force) return confirmForce(vehicleId, plate, error);
      setProblem((error as Error).message);
      return;
    }
    message.success(t('devices.bind.done', { uuid: device.deviceUuid, plate }));
    onClose();
  };

  // SPEC section 4: a forced bind warns first, naming the vehicle the device is taken from.
  const confirmForce = (vehicleId: number, plate: string, error: ApiError) => {
    const other = (error.data as { licensePlate?: string } | null)?.licensePlate ?? '—';
    modal.confirm({
      title: t('devices.bind.forceTitle'),
      content: t('devices.bind.forceConfirm', { uuid: device.deviceUuid, other, plate }),
      okText: t('devices.bind.force'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => attach(vehicleId, plate, true),
    });
  };

  const submit = async (values: BindFormValues) => {
    setProblem(undefined);
    if (values.mode === 'existing' && values.vehicleId !== undefined) {
      return attach(values.vehicleId, chosenPlate ?? `#${values.vehicleId}`, false);
    }
    if (values.mode !== 'new' || !values.licensePlate || values.fleetId === undefined) return;
    const plate = values.licensePlate.trim();
    let vehicleId: number;
    try {
      vehicleId = (await createVehicle.mutateAsync({ licensePlate: plate, fleetId: values.fleetId })).id;
    } catch {
      return; // the HTTP layer has shown the server's reason (plate taken…)
    }
    setCreated({ id: vehicleId, plate });
    setChosenPlate(plate);
    form.setFieldsValue({ mode: 'existing', vehicleId });
    await attach(vehicleId, plate, false);
  };

  return (
    <FormDialog
      title={t('devices.bind.title', { uuid: device.deviceUuid })}
      okText={t('devices.bind.submit')}
      form={form}
      pending={bind.isPending || createVehicle.isPending}
      onClose={onClose}
      width={520}
    >
      <Form<BindFormValues>
        form={form}
        name="bind-device"
        layout="vertical"
        initialValues={{ mode: 'existing' }}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => setProblem(undefined)}
      >
        <Form.Item name="mode" label={t('devices.bind.vehicle')}>
          <ChoiceButtons values={['existing', 'new']} textKey="devices.bind" />
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item
            name="vehicleId"
            label={t('devices.bind.chooseVehicle')}
            rules={[{ required: true, message: t('devices.bind.vehicleRequired') }]}
          >
            <VehicleSelect valueLabel={created?.plate} onPlate={setChosenPlate} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="licensePlate"
              label={t('devices.plate')}
              rules={[
                requiredText(t('devices.bind.plateRequired')),
                { max: PLATE_MAX, message: t('devices.bind.plateLength', { max: PLATE_MAX }) },
                { pattern: PLATE, message: t('devices.bind.plateRule') },
              ]}
            >
              <Input maxLength={PLATE_MAX} autoComplete="off" />
            </Form.Item>
            <Form.Item name="fleetId" label={t('devices.fleet')} rules={[{ required: true, message: t('devices.bind.fleetRequired') }]}>
              {/* The device's company's fleets: a vehicle of another company could not take it. */}
              <OrgPicker kind="fleet" parentId={device.companyId ?? undefined} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="bind-problem" />}
      </Form>
    </FormDialog>
  );
}
