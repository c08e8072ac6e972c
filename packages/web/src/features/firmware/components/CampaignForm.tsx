import { RocketOutlined } from '@ant-design/icons';
import {
  type CampaignCreateBody,
  type CampaignSelection,
  type FirmwarePackage,
  pathTo,
  type UpgradeCampaign,
} from '@safety-shield/contract';
import { Alert, App, Button, DatePicker, Drawer, Flex, Form, InputNumber, Radio, Select, Slider, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/http/client.js';
import { fromPickerValue, pickerNow, toPickerValue } from '../../../shared/time/picker.js';
import { percentText } from '../../../shared/ui/format.js';
import { useDevices, useVersionOptions } from '../../devices/index.js';
import { OrgScopeFilters } from '../../orgs/index.js';
import { useCreateCampaign } from '../api/campaigns.js';
import { usePackages } from '../api/packages.js';
import { DeviceMultiPicker, type PickedDevice } from './DeviceMultiPicker.js';
import { TextTags } from './TextTags.js';

type Target = 'devices' | 'filter';

/** The firmware library, where packages are uploaded: said when the list is empty, and under the field as a way there. */
function LibraryLink({ empty = false }: { empty?: boolean }) {
  return (
    <Trans
      i18nKey={empty ? 'firmware.form.noPackages' : 'firmware.form.libraryHint'}
      components={{ library: <Link to={pathTo('UpgradeCollection')} data-testid="campaign-library-link" /> }}
    />
  );
}

interface Values {
  packageId?: number;
  target: Target;
  devices?: PickedDevice[];
  agentId?: number;
  companyId?: number;
  fleetId?: number;
  version?: string;
  model?: string;
  firstStagePercent: number;
  failureThresholdPercent: number;
  endTime: Dayjs;
}

/** What the server refused, said in the form with the devices it named. */
interface Refusal {
  title: string;
  devices: string[];
}

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 7;
/** The server takes an end time at most this far ahead. */
const MAX_DAYS = 90;

interface Props {
  open: boolean;
  /** The package chosen when the form opens (a library row's "Start campaign"). */
  packageId?: number | undefined;
  /** Devices ticked in the device list, by id. */
  deviceIds?: number[] | undefined;
  onClose(): void;
  onCreated(campaign: UpgradeCampaign): void;
}

const packageLabel = (pkg: FirmwarePackage) => (pkg.models.length > 0 ? `${pkg.version} (${pkg.models.join(', ')})` : pkg.version);

/** A new upgrade campaign: a package, its devices (named or by filters), its stages, failure threshold and end time. */
export function CampaignForm({ open, packageId, deviceIds, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('firmware.form.title')} destroyOnHidden data-testid="campaign-form-drawer">
      {open && <CampaignFormBody packageId={packageId} deviceIds={deviceIds} onClose={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

function CampaignFormBody({ packageId, deviceIds, onClose, onCreated }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateCampaign();
  const [listed, setListed] = useState(deviceIds?.length ? deviceIds : undefined);
  const [refusal, setRefusal] = useState<Refusal>();
  const packages = usePackages({ page: 1, limit: 100 });
  const versionOptions = useVersionOptions();
  const initialValues = useMemo<Partial<Values>>(
    () => ({
      packageId,
      target: 'devices',
      firstStagePercent: 100,
      failureThresholdPercent: 20,
      endTime: toPickerValue(Date.now() + DEFAULT_DAYS * DAY_MS),
    }),
    [packageId],
  );
  const chosenId = Form.useWatch('packageId', form);
  const target = Form.useWatch('target', form) ?? 'devices';
  const stage = Form.useWatch('firstStagePercent', form) ?? 100;
  const chosen = packages.data?.records.find((pkg) => pkg.id === chosenId);
  const selection: CampaignSelection = {
    agentId: Form.useWatch('agentId', form),
    companyId: Form.useWatch('companyId', form),
    fleetId: Form.useWatch('fleetId', form),
    version: Form.useWatch('version', form),
  };
  const model = Form.useWatch('model', form);
  const packageOptions = (packages.data?.records ?? []).map((pkg) => ({ value: pkg.id, label: packageLabel(pkg) }));
  if (packageId !== undefined && !packageOptions.some((option) => option.value === packageId))
    packageOptions.unshift({ value: packageId, label: `#${packageId}` });

  const submit = async (values: Values) => {
    setRefusal(undefined);
    const filter: CampaignSelection = Object.fromEntries(
      Object.entries({ ...selection, model: values.model?.trim() || undefined }).filter(
        ([, value]) => value !== undefined && value !== null,
      ),
    );
    const body: CampaignCreateBody = {
      packageId: values.packageId ?? 0,
      ...(values.target === 'filter' ? { filter } : { deviceIds: listed ?? (values.devices ?? []).map((device) => device.value) }),
      firstStagePercent: values.firstStagePercent,
      failureThresholdPercent: values.failureThresholdPercent,
      endTime: fromPickerValue(values.endTime),
    };
    try {
      const campaign = await create.mutateAsync(body);
      message.success(t('firmware.form.started', { id: campaign.id, count: campaign.total }));
      onCreated(campaign);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const data = (error.data ?? {}) as { field?: string; devices?: string[] };
      const devices = data.devices ?? [];
      if (error.codeKey === 'SYSTEM_OTA_VERSION_LOW')
        setRefusal({ title: t('firmware.form.refusedNewer', { version: chosen?.version ?? '' }), devices });
      else if (error.codeKey === 'PARAM_CHECK_FAIL' && data.field === 'models')
        setRefusal({ title: t('firmware.form.refusedModels', { models: chosen?.models.join(', ') ?? '' }), devices });
      else if (error.codeKey === 'PARAM_CHECK_FAIL' && data.field === 'filter')
        setRefusal({ title: t('firmware.form.refusedFilter'), devices });
      else if (error.codeKey === 'PARAM_CHECK_FAIL' && data.field === 'endTime')
        form.setFields([{ name: 'endTime', errors: [t('firmware.form.endTimeInvalid', { days: MAX_DAYS })] }]);
      else if (error.codeKey === 'DEVICE_NOT_EXIST') setRefusal({ title: t('firmware.form.refusedMissing'), devices });
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setRefusal(undefined)}
      data-testid="campaign-form"
    >
      <Form.Item
        name="packageId"
        label={t('firmware.form.package')}
        rules={[{ required: true, message: t('firmware.form.packageRequired') }]}
        extra={
          chosen ? (
            chosen.models.length > 0 ? (
              t('firmware.form.fitsModels', { models: chosen.models.join(', ') })
            ) : (
              t('firmware.form.fitsAll')
            )
          ) : (
            // Issue 29: the way to the library, where a package is uploaded (also the empty list's text).
            <span data-testid="campaign-library-hint">
              <LibraryLink />
            </span>
          )
        }
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={packageOptions}
          loading={packages.isFetching}
          placeholder={t('firmware.form.packagePlaceholder')}
          notFoundContent={packages.isFetching ? t('common.loading') : <LibraryLink empty />}
          data-testid="campaign-package"
        />
      </Form.Item>

      <Form.Item name="target" label={t('firmware.form.target')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'devices', label: t('firmware.form.targetDevices') },
            { value: 'filter', label: t('firmware.form.targetFilter') },
          ]}
          data-testid="campaign-target"
        />
      </Form.Item>

      {target === 'devices' &&
        (listed ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 24 }}
            title={t('firmware.form.listed', { count: listed.length })}
            data-testid="campaign-listed"
            action={
              <Button size="small" onClick={() => setListed(undefined)}>
                {t('firmware.form.chooseOthers')}
              </Button>
            }
          />
        ) : (
          <Form.Item
            name="devices"
            label={t('firmware.form.devices')}
            rules={[{ required: true, type: 'array', min: 1, message: t('firmware.form.devicesRequired') }]}
          >
            <DeviceMultiPicker />
          </Form.Item>
        ))}

      {target === 'filter' && (
        <Flex vertical data-testid="campaign-filter">
          <Flex wrap style={{ columnGap: 16 }}>
            <OrgScopeFilters kinds={['agent', 'company', 'fleet']} labelOf={(kind) => t(`firmware.form.${kind}`)} />
            <Form.Item name="version" label={t('firmware.form.runningVersion')}>
              <Select allowClear showSearch style={{ minWidth: 180 }} placeholder={t('list.all')} {...versionOptions} />
            </Form.Item>
            <Form.Item name="model" label={t('firmware.form.model')}>
              <Select
                allowClear
                style={{ minWidth: 180 }}
                placeholder={chosen?.models.length ? t('list.all') : t('firmware.form.anyModel')}
                options={(chosen?.models ?? []).map((value) => ({ value, label: value }))}
                notFoundContent={t('firmware.form.modelsOfPackage')}
              />
            </Form.Item>
          </Flex>
          <Matching selection={selection} model={model} />
        </Flex>
      )}

      <Form.Item
        name="firstStagePercent"
        label={t('firmware.form.firstStage')}
        extra={stage >= 100 ? t('firmware.form.oneStage') : t('firmware.form.twoStages', { percent: stage })}
      >
        <Slider
          min={1}
          max={100}
          marks={{ 1: '1', 25: '25', 50: '50', 75: '75', 100: '100' }}
          tooltip={{ formatter: (value) => percentText(value, 0) }}
          ariaLabelForHandle={t('firmware.form.firstStage')}
          data-testid="campaign-stage"
        />
      </Form.Item>

      <Form.Item
        name="failureThresholdPercent"
        label={t('firmware.form.threshold')}
        extra={t('firmware.form.thresholdHint')}
        rules={[{ required: true, message: t('firmware.form.thresholdRequired') }]}
      >
        <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 140 }} data-testid="campaign-threshold" />
      </Form.Item>

      <Form.Item
        name="endTime"
        label={t('firmware.form.endTime')}
        extra={t('firmware.form.endTimeHint')}
        rules={[{ required: true, message: t('firmware.form.endTimeRequired') }]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          disabledDate={(day) => day.isBefore(pickerNow(), 'day') || day.isAfter(pickerNow().add(MAX_DAYS, 'day'), 'day')}
          data-testid="campaign-end"
        />
      </Form.Item>

      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 24 }}
          title={refusal.title}
          data-testid="campaign-refusal"
          description={
            refusal.devices.length > 0 && (
              <Flex vertical gap={4}>
                <Typography.Text>{t('firmware.form.refusedDevices')}</Typography.Text>
                <TextTags texts={refusal.devices} />
              </Flex>
            )
          }
        />
      )}

      <Flex gap={8} wrap justify="flex-end">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" icon={<RocketOutlined />} loading={create.isPending} data-testid="campaign-submit">
          {t('firmware.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

/** How many devices the filters select, before the model narrows them (the device list does not know models). */
function Matching({ selection, model }: { selection: CampaignSelection; model: string | undefined }) {
  const { t } = useTranslation();
  const matching = useDevices({ page: 1, limit: 1, ...selection });
  const noFilter = Object.values(selection).every((value) => value == null) && !model;
  return (
    <Alert
      type={noFilter ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 24 }}
      data-testid="campaign-matching"
      title={
        matching.data === undefined
          ? t('common.loading')
          : t(noFilter ? 'firmware.form.matchingAll' : 'firmware.form.matching', { count: matching.data.total })
      }
      description={model ? t('firmware.form.matchingModel', { model }) : undefined}
    />
  );
}
