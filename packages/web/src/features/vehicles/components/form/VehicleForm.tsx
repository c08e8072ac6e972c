import { pathTo, type VehicleCreateBody, type VehicleDetail, vehicleKinds, vehicleUses } from '@safety-shield/contract';
import { App, Col, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordForm } from '../../../../shared/forms/RecordForm.js';
import { maxLength } from '../../../../shared/forms/rules.js';
import { WholeNumberField } from '../../../../shared/forms/WholeNumberField.js';
import { unitText } from '../../../../shared/ui/format.js';
import { useSelfInfo } from '../../../auth/index.js';
import { useSaveVehicle } from '../../api/save-vehicle.js';
import { orgLevelsFor } from '../permissions.js';
import { OrgChainFields } from './OrgChainFields.js';
import { showFieldError } from './server-field-errors.js';
import { plateRules, toFormValues, type VehicleFormValues, vehicleCreateBody } from './vehicle-form-values.js';

/** The contract's bound on the initial mileage. */
const MILEAGE_MAX = 10_000_000;

/** Creates a vehicle, or edits one (`vehicle` given): every field an operator types, and its fleet. */
export function VehicleForm({ vehicle }: { vehicle?: VehicleDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<VehicleFormValues>();
  const info = useSelfInfo().data?.baseInfo;
  const levels = orgLevelsFor(info?.role);
  const save = useSaveVehicle();
  // A Fleet Admin's vehicles belong to its own fleet: no choice to make.
  const ownFleet = levels.length === 0 ? (info?.fleetId ?? undefined) : undefined;

  const submit = async (values: VehicleFormValues) => {
    const fleetId = ownFleet ?? values.fleetId;
    if (!fleetId) return;
    const body: VehicleCreateBody = vehicleCreateBody(values, fleetId);
    try {
      await save.mutateAsync(vehicle ? { id: vehicle.id, ...body } : body);
    } catch (error) {
      showFieldError(form, error, { VEHICLE_LICENSE_PLATE_EXIST: 'licensePlate', ORG_NOT_EXIST: 'fleetId' }, t);
      return;
    }
    message.success(t('list.saved'));
    // The add page stays alive in the tab bar's cache: the next vehicle starts from an empty form.
    if (!vehicle) form.resetFields();
    await navigate(pathTo('VehicleList'));
  };

  const text = (name: keyof VehicleFormValues, max: number) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`vehicles.${name}`)} rules={[maxLength(t, max)]}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );

  /** A kind or use: one of the contract's keys, named in the reader's language (issue 29). */
  const choice = (name: 'kindName' | 'useFor', texts: 'kinds' | 'uses', keys: readonly string[]) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`vehicles.${name}`)}>
        <Select
          allowClear
          options={keys.map((key) => ({ value: key, label: t(`vehicles.${texts}.${key}`) }))}
          data-testid={`vehicle-${name}`}
        />
      </Form.Item>
    </Col>
  );

  return (
    <RecordForm<VehicleFormValues>
      title={t(vehicle ? 'route.vehicleEdit' : 'vehicles.add')}
      form={form}
      name="vehicle"
      testId="vehicle-form"
      initialValues={toFormValues(vehicle)}
      onFinish={(values) => void submit(values)}
      pending={save.isPending}
      backTo={pathTo('VehicleList')}
    >
      {levels.length > 0 ? (
        <OrgChainFields
          levels={levels}
          fleetRequired
          columns
          labels={{ agent: vehicle?.agentName, company: vehicle?.companyName, fleet: vehicle?.fleetName }}
        />
      ) : (
        <Col xs={24} md={12}>
          <Form.Item label={t('org.kind.fleet')}>
            <Input value={vehicle?.fleetName ?? info?.fleetName ?? ''} disabled />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item name="licensePlate" label={t('vehicles.licensePlate')} rules={plateRules(t)} extra={t('vehicles.form.plateHint')}>
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <WholeNumberField
          name="initialMileageKm"
          label={t('vehicles.initialMileage')}
          max={MILEAGE_MAX}
          messages={{ required: t('vehicles.form.mileageRequired'), range: t('vehicles.form.mileageRange', { max: MILEAGE_MAX }) }}
          suffix={unitText('kilometer')}
        />
      </Col>
      {text('brand', 64)}
      {text('model', 64)}
      {choice('kindName', 'kinds', vehicleKinds)}
      {choice('useFor', 'uses', vehicleUses)}
      {text('customer', 128)}
      {text('attribution', 128)}
      <Col xs={24}>
        <Form.Item name="address" label={t('vehicles.address')} rules={[maxLength(t, 256)]}>
          <Input maxLength={256} />
        </Form.Item>
      </Col>
    </RecordForm>
  );
}
