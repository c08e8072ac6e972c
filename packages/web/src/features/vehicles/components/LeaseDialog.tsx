import type { VehicleRecord } from '@safety-shield/contract';
import { App, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FutureTimePicker } from '../../../shared/forms/FutureTimePicker.js';
import { valueRule } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useSelfInfo } from '../../auth/index.js';
import { useLeaseVehicle } from '../api/lease-vehicle.js';
import { OrgChainFields } from './form/OrgChainFields.js';
import { SubmitOnEnter } from './form/SubmitOnEnter.js';
import { showFieldError } from './form/server-field-errors.js';
import { orgLevelsFor } from './permissions.js';

interface LeaseFormValues {
  agentId?: number;
  companyId?: number;
  fleetId?: number;
  expireTime?: Dayjs | null;
}

/** The API refuses a lease ending more than 5 years ahead (VEHICLE_RENT_END_TIME_ERROR). */
const MAX_LEASE_YEARS = 5;

/** Leases an available vehicle to another fleet until a time in the future (SPEC sections 4 and 5). */
export function LeaseDialog({ vehicle, onClose }: { vehicle: VehicleRecord | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LeaseFormValues>();
  const role = useSelfInfo().data?.baseInfo.role;
  const lease = useLeaseVehicle();
  // A Fleet Admin sees its own fleet only; the picker still lets the server say which fleets it may lease to.
  const levels = orgLevelsFor(role);

  const submit = async (values: LeaseFormValues) => {
    if (!vehicle || !values.fleetId || !values.expireTime) return;
    try {
      await lease.mutateAsync({ id: vehicle.id, fleetId: values.fleetId, expireTime: values.expireTime.valueOf() });
    } catch (error) {
      showFieldError(form, error, { VEHICLE_RENT_SAME_FLEET: 'fleetId', VEHICLE_RENT_END_TIME_ERROR: 'expireTime' }, t);
      return;
    }
    message.success(t('vehicles.lease.done', { plate: vehicle.licensePlate }));
    onClose();
  };

  return (
    <FormDialog
      open={vehicle !== undefined}
      title={t('vehicles.lease.title', { plate: vehicle?.licensePlate ?? '' })}
      okText={t('vehicles.lease.submit')}
      form={form}
      pending={lease.isPending}
      onClose={onClose}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">
        {t('vehicles.lease.owner', { fleet: [vehicle?.fleetName, vehicle?.companyName].filter(Boolean).join(' · ') || '—' })}
      </Typography.Paragraph>
      <Form<LeaseFormValues> form={form} name="lease" layout="vertical" onFinish={(values) => void submit(values)} data-testid="lease-form">
        <OrgChainFields
          levels={levels.length > 0 ? levels : ['fleet']}
          fleetRequired
          block
          fleetLabel={t('vehicles.lease.fleet')}
          fleetRules={[
            // SPEC section 5: not to the owner fleet; the same words as the server's VEHICLE_RENT_SAME_FLEET.
            valueRule(
              (fleetId: number | undefined) => fleetId === undefined || fleetId !== vehicle?.fleetId,
              t('codeKey.VEHICLE_RENT_SAME_FLEET'),
            ),
          ]}
        />
        <Form.Item
          name="expireTime"
          label={t('vehicles.lease.expireTime')}
          extra={t('vehicles.lease.expireHint')}
          rules={[
            { required: true, message: t('vehicles.lease.expireRequired') },
            {
              validator: (_, value: Dayjs | null | undefined) => {
                if (!value) return Promise.resolve();
                if (!value.isAfter(dayjs())) return Promise.reject(new Error(t('vehicles.lease.expireFuture')));
                if (value.isAfter(dayjs().add(MAX_LEASE_YEARS, 'year')))
                  return Promise.reject(new Error(t('vehicles.lease.expireTooFar', { years: MAX_LEASE_YEARS })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <FutureTimePicker />
        </Form.Item>
        <SubmitOnEnter />
      </Form>
    </FormDialog>
  );
}
