import {
  type AlarmArea,
  BITRATE_LEVELS,
  CONFIG_LIMITS,
  type ConfigProp,
  type ConfigSettings,
  type ConfigThresholds,
  type DetectionType,
  type DisplayPicture,
  detectionTypes,
  type GeoPoint,
  type NumberBounds,
  type VideoChannelSettings,
  videoResolutions,
} from '@safety-shield/contract';
import { Button, Card, Checkbox, Flex, Form, type FormInstance, Input, InputNumber, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { valueRule } from '../../../shared/forms/rules.js';
import { numberText, rangeText, unitText } from '../../../shared/ui/format.js';
import { AlarmAreasField } from './AlarmAreasField.js';
import { DisplayPictureField } from './DisplayPictureField.js';
import { ThresholdSelect } from './ThresholdSelect.js';

/** The editor's fields: the document's properties, the APN password write-only (empty: keep the one before). */
export interface ConfigFormValues {
  uploadIntervalSeconds?: number;
  gpsBatch?: number;
  detections: DetectionType[];
  evidence: { secondsBefore?: number; secondsAfter?: number; channels: number[]; pictures?: number };
  apn: { name?: string; user?: string; password?: string };
  video: VideoChannelSettings[];
  alarmAreas: AlarmArea[];
  thresholds?: ConfigThresholds;
  displayPicture?: DisplayPicture;
}

const channelList = (channels: number) => Array.from({ length: channels }, (_, i) => i + 1);

/** The form's values for a document; what it does not set shows empty (video: one row per camera). */
export function formValuesOf(settings: ConfigSettings, channels: number): ConfigFormValues {
  const video = channelList(channels).map(
    (channel): VideoChannelSettings =>
      settings.video?.find((entry) => entry.channel === channel) ?? {
        channel,
        resolution: '640x480',
        frameRate: 15,
        bitrateKbps: BITRATE_LEVELS.medium,
      },
  );
  return {
    uploadIntervalSeconds: settings.uploadIntervalSeconds,
    gpsBatch: settings.gpsBatch,
    detections: settings.detections ?? [...detectionTypes],
    evidence: { ...settings.evidence, channels: settings.evidence?.channels ?? [1] },
    apn: { name: settings.apn?.name, user: settings.apn?.user, password: undefined },
    video,
    alarmAreas: settings.alarmAreas ?? [],
    thresholds: settings.thresholds,
    displayPicture: settings.displayPicture,
  };
}

const given = <T,>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** The document the form describes: only what is filled in. */
export function settingsOf(values: Partial<ConfigFormValues>): ConfigSettings {
  const settings: ConfigSettings = {};
  if (given(values.uploadIntervalSeconds)) settings.uploadIntervalSeconds = values.uploadIntervalSeconds;
  if (given(values.gpsBatch)) settings.gpsBatch = values.gpsBatch;
  if (values.detections) settings.detections = detectionTypes.filter((type) => values.detections?.includes(type));
  const evidence = values.evidence;
  if (evidence && given(evidence.secondsBefore) && given(evidence.secondsAfter) && given(evidence.pictures) && evidence.channels?.length)
    settings.evidence = {
      secondsBefore: evidence.secondsBefore,
      secondsAfter: evidence.secondsAfter,
      pictures: evidence.pictures,
      channels: [...evidence.channels].sort((a, b) => a - b),
    };
  const name = values.apn?.name?.trim();
  if (name)
    settings.apn = {
      name,
      ...(values.apn?.user?.trim() ? { user: values.apn.user.trim() } : {}),
      ...(values.apn?.password ? { password: values.apn.password } : {}),
    };
  // A row's camera is its place in the list (the form does not hold the channel as a field).
  if (values.video?.length)
    settings.video = values.video
      .map((entry, index) => ({ ...entry, channel: index + 1 }))
      .filter((entry) => given(entry.frameRate) && given(entry.bitrateKbps) && given(entry.resolution));
  if (values.thresholds) settings.thresholds = values.thresholds;
  if (values.displayPicture) settings.displayPicture = values.displayPicture;
  if (values.alarmAreas) settings.alarmAreas = values.alarmAreas.map((area) => ({ ...area, name: area.name.trim() }));
  return settings;
}

/** The editor's sections, each the properties it edits: a batch changes only the sections ticked. */
export const configSections = {
  reporting: ['uploadIntervalSeconds', 'gpsBatch'],
  detections: ['detections'],
  evidence: ['evidence'],
  apn: ['apn'],
  video: ['video'],
  alarmAreas: ['alarmAreas'],
  thresholds: ['thresholds'],
  displayPicture: ['displayPicture'],
} as const satisfies Record<string, readonly ConfigProp[]>;
export type ConfigSection = keyof typeof configSections;

/** Only the properties of the sections chosen. */
export function chosenSettings(settings: ConfigSettings, chosen: ReadonlySet<ConfigSection>): ConfigSettings {
  const props = new Set<ConfigProp>([...chosen].flatMap((section) => configSections[section]));
  return Object.fromEntries(Object.entries(settings).filter(([prop]) => props.has(prop as ConfigProp))) as ConfigSettings;
}

interface Props {
  form: FormInstance<ConfigFormValues>;
  channels: number;
  initialValues: ConfigFormValues;
  /** The APN has a password the portal keeps (it is never shown). */
  apnPasswordSet: boolean;
  disabled: boolean;
  /** The device edited (its pictures show); a batch has none. */
  deviceId?: number;
  /** Where the device is, for the alarm areas' map. */
  position?: GeoPoint | null;
  /** The form checked out: save it, and dispatch it too when asked. */
  onSubmit(values: ConfigFormValues, dispatch: boolean): void;
  pending: boolean;
  /** Many devices at once: each section is changed only when ticked, and one button dispatches. */
  batch?: { chosen: ReadonlySet<ConfigSection>; onChoose(section: ConfigSection, on: boolean): void; submitText: string };
}

/** The configuration editor: reporting, detections, evidence, mobile network and video, each with its limits. */
export function ConfigForm({
  form,
  channels,
  initialValues,
  apnPasswordSet,
  disabled,
  onSubmit,
  pending,
  batch,
  deviceId,
  position = null,
}: Props) {
  const { t } = useTranslation();
  /** A field's name with its range and unit, as the contract bounds it: "Position report interval (1–60 seconds)". */
  const named = (name: string, bounds: NumberBounds, unit?: Parameters<typeof rangeText>[1]) =>
    t('deviceConfig.withRange', { name, range: rangeText(bounds, unit) });
  /** A whole number within the contract's bounds; out of range is refused with the range, never clamped. */
  const within = (bounds: NumberBounds, required = false) => ({
    required,
    type: 'integer' as const,
    min: bounds.min,
    max: bounds.max,
    message: t('deviceConfig.range', { min: numberText(bounds.min, 2), max: numberText(bounds.max, 2) }),
  });
  const seconds = unitText('second');
  // The form instance outlives this component: a new version to edit (the parent's key) starts from its own values.
  useEffect(() => form.resetFields(), [form]);
  const submit = (dispatch: boolean) => {
    // A batch checks only the sections it changes (the others are not sent).
    const names = batch ? [...batch.chosen].flatMap((name) => configSections[name].map((prop) => [prop])) : undefined;
    (names ? form.validateFields(names, { recursive: true }) : form.validateFields()).then(
      (values) => onSubmit(values, dispatch),
      (failed: { errorFields?: Array<{ name: (string | number)[] }> }) => {
        const first = failed.errorFields?.[0];
        if (first) form.scrollToField(first.name);
      },
    );
  };
  /** A section's card; in a batch its fields show once it is ticked. */
  const section = (name: ConfigSection, title: string, body: ReactNode) => (
    <Card
      size="small"
      title={title}
      extra={
        batch && (
          <Checkbox
            checked={batch.chosen.has(name)}
            onChange={(event) => batch.onChoose(name, event.target.checked)}
            data-testid={`config-choose-${name}`}
          >
            {t('deviceConfig.batchChange')}
          </Checkbox>
        )
      }
      styles={batch && !batch.chosen.has(name) ? { body: { display: 'none' } } : undefined}
    >
      {body}
    </Card>
  );
  const frameRates = t('deviceConfig.framesPerSecond', { range: rangeText(CONFIG_LIMITS.frameRate) });
  const channelOptions = channelList(channels).map((channel) => ({ value: channel, label: t('deviceConfig.channel', { channel }) }));
  const levelOptions = Object.entries(BITRATE_LEVELS).map(([level, kbps]) => ({
    value: kbps,
    label: t(`deviceConfig.level.${level}`, { kbps }),
  }));
  return (
    <Form<ConfigFormValues>
      form={form}
      name="deviceConfig"
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      data-testid="config-form"
    >
      <Flex vertical gap={16}>
        {section(
          'reporting',
          t('deviceConfig.reporting'),
          <Flex wrap gap={16}>
            <Form.Item
              name="uploadIntervalSeconds"
              label={named(t('deviceConfig.prop.uploadIntervalSeconds'), CONFIG_LIMITS.uploadIntervalSeconds, 'second')}
              extra={t('deviceConfig.hint.uploadIntervalSeconds')}
              rules={[within(CONFIG_LIMITS.uploadIntervalSeconds)]}
              style={{ maxWidth: 320 }}
            >
              <InputNumber addonAfter={seconds} style={{ width: 160 }} data-testid="config-interval" />
            </Form.Item>
            <Form.Item
              name="gpsBatch"
              label={named(t('deviceConfig.prop.gpsBatch'), CONFIG_LIMITS.gpsBatch)}
              extra={t('deviceConfig.hint.gpsBatch')}
              rules={[within(CONFIG_LIMITS.gpsBatch)]}
              style={{ maxWidth: 320 }}
            >
              <InputNumber style={{ width: 160 }} data-testid="config-batch" />
            </Form.Item>
          </Flex>,
        )}
        {section(
          'detections',
          t('deviceConfig.prop.detections'),
          <Form.Item name="detections" style={{ marginBottom: 0 }}>
            <Checkbox.Group
              data-testid="config-detections"
              options={detectionTypes.map((type) => ({ value: type, label: t(`deviceConfig.detection.${type}`) }))}
            />
          </Form.Item>,
        )}
        {section(
          'evidence',
          t('deviceConfig.prop.evidence'),
          <Flex wrap gap={16}>
            {(['secondsBefore', 'secondsAfter'] as const).map((field) => (
              <Form.Item
                key={field}
                name={['evidence', field]}
                label={named(t(`deviceConfig.${field}`), CONFIG_LIMITS[field], 'second')}
                rules={[within(CONFIG_LIMITS[field], true)]}
              >
                <InputNumber addonAfter={seconds} style={{ width: 140 }} data-testid={`config-${field}`} />
              </Form.Item>
            ))}
            <Form.Item
              name={['evidence', 'pictures']}
              label={named(t('deviceConfig.pictures'), CONFIG_LIMITS.pictures)}
              rules={[within(CONFIG_LIMITS.pictures, true)]}
            >
              <InputNumber style={{ width: 120 }} data-testid="config-pictures" />
            </Form.Item>
            <Form.Item
              name={['evidence', 'channels']}
              label={t('deviceConfig.evidenceChannels')}
              rules={[{ required: true, type: 'array', min: 1, message: t('deviceConfig.channelsRequired') }]}
            >
              <Select mode="multiple" options={channelOptions} style={{ minWidth: 200 }} />
            </Form.Item>
          </Flex>,
        )}
        {section(
          'apn',
          t('deviceConfig.prop.apn'),
          <Flex wrap gap={16}>
            <Form.Item
              name={['apn', 'name']}
              label={t('deviceConfig.apnName')}
              rules={[{ max: 64 }, { pattern: /^[\x21-\x7e]*$/, message: t('deviceConfig.apnNameRule') }]}
            >
              <Input style={{ width: 220 }} autoComplete="off" />
            </Form.Item>
            <Form.Item name={['apn', 'user']} label={t('deviceConfig.apnUser')} rules={[{ max: 64 }]}>
              <Input style={{ width: 180 }} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={['apn', 'password']}
              label={t('deviceConfig.apnPassword')}
              extra={apnPasswordSet ? t('deviceConfig.apnPasswordKept') : undefined}
              rules={[{ max: 64 }]}
            >
              <Input.Password style={{ width: 180 }} autoComplete="new-password" />
            </Form.Item>
          </Flex>,
        )}
        {section(
          'video',
          t('deviceConfig.prop.video'),
          <Form.List name="video">
            {(fields) => (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary" data-testid="config-video-hint">
                  {t('deviceConfig.videoHint', { fps: frameRates })}
                </Typography.Text>
                {fields.map((field, index) => (
                  <Space key={field.key} wrap align="baseline">
                    <Typography.Text strong style={{ minWidth: 90, display: 'inline-block' }}>
                      {t('deviceConfig.channel', { channel: index + 1 })}
                    </Typography.Text>
                    <Form.Item name={[field.name, 'resolution']} noStyle>
                      <Select
                        aria-label={t('deviceConfig.resolution')}
                        options={videoResolutions.map((value) => ({ value, label: value }))}
                        style={{ width: 130 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'frameRate']} noStyle rules={[within(CONFIG_LIMITS.frameRate, true)]}>
                      <InputNumber
                        aria-label={t('deviceConfig.withRange', { name: t('deviceConfig.frameRate'), range: frameRates })}
                        addonAfter={t('deviceConfig.fps')}
                        style={{ width: 140 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'bitrateKbps']} noStyle>
                      <Select aria-label={t('deviceConfig.bitrate')} options={levelOptions} style={{ width: 200 }} />
                    </Form.Item>
                  </Space>
                ))}
              </Flex>
            )}
          </Form.List>,
        )}
        {section(
          'thresholds',
          t('deviceConfig.prop.thresholds'),
          <Form.Item name="thresholds" style={{ marginBottom: 0 }} extra={t('deviceConfig.thresholdsHint')}>
            <ThresholdSelect />
          </Form.Item>,
        )}
        {section(
          'displayPicture',
          t('deviceConfig.prop.displayPicture'),
          <Form.Item name="displayPicture" style={{ marginBottom: 0 }} extra={t('deviceConfig.pictureHint')}>
            <DisplayPictureField deviceId={deviceId} disabled={disabled} />
          </Form.Item>,
        )}
        {section(
          'alarmAreas',
          t('deviceConfig.prop.alarmAreas'),
          <Form.Item
            name="alarmAreas"
            style={{ marginBottom: 0 }}
            rules={[
              valueRule(
                (areas: AlarmArea[] | undefined) => (areas ?? []).every((area) => area.name.trim()),
                t('deviceConfig.areaNameRequired'),
              ),
            ]}
          >
            <AlarmAreasField center={position} />
          </Form.Item>,
        )}
        {batch ? (
          <Flex gap={8} wrap>
            <Button
              type="primary"
              onClick={() => submit(true)}
              loading={pending}
              disabled={batch.chosen.size === 0}
              data-testid="config-batch-dispatch"
            >
              {batch.submitText}
            </Button>
          </Flex>
        ) : (
          <Flex gap={8} wrap>
            <Button onClick={() => submit(false)} loading={pending} data-testid="config-save">
              {t('common.save')}
            </Button>
            <Button type="primary" onClick={() => submit(true)} loading={pending} data-testid="config-save-dispatch">
              {t('deviceConfig.saveAndDispatch')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}
