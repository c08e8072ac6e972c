import { type DeviceSelection, pathTo, TASK_MAX_DEVICES } from '@safety-shield/contract';
import { App, Card, Flex, Form, InputNumber, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZonedDatePicker } from '../../../shared/time/ZonedPickers.js';
import { useBatchDispatch } from '../../device-tasks/index.js';
import { ConfigForm, type ConfigFormValues, type ConfigSection, chosenSettings, formValuesOf, settingsOf } from './ConfigForm.js';

/** The devices a batch reaches: these ids, or every device of the caller's scope the list's filters select. */
export type BatchTarget = { deviceIds: number[] } | { filter: DeviceSelection };

const DEFAULT_CAMERAS = 2;

/** Changes chosen settings of many devices at once: the dispatch starts a task, which the task manager then shows. */
export function BatchEditor({ target, count }: { target: BatchTarget; count: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ConfigFormValues>();
  const [chosen, setChosen] = useState<ReadonlySet<ConfigSection>>(new Set(['reporting']));
  const [expireTime, setExpireTime] = useState<number | null>(null);
  const [cameras, setCameras] = useState(DEFAULT_CAMERAS);
  const dispatch = useBatchDispatch();
  const tooMany = count !== undefined && count > TASK_MAX_DEVICES;

  const submit = async (values: ConfigFormValues) => {
    const settings = chosenSettings(settingsOf(values), chosen);
    try {
      const task = await dispatch.mutateAsync({ ...target, settings, ...(expireTime ? { expireTime } : {}) });
      message.success(t('deviceConfig.batchStarted', { id: task.id, count: task.total }));
      void navigate(pathTo('TaskManager', { query: { taskId: task.id } }));
    } catch {
      // The HTTP layer has shown the server's reason.
    }
  };

  return (
    <Card title={t('deviceConfig.batchTitle', { count: count ?? 0 })} data-testid="batch-config">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('deviceConfig.batchHint')}
        </Typography.Paragraph>
        {tooMany && <Typography.Text type="danger">{t('deviceConfig.batchTooMany', { max: TASK_MAX_DEVICES })}</Typography.Text>}
        <Flex gap={16} align="center" wrap>
          <Flex gap={8} align="center">
            <Typography.Text>{t('deviceConfig.batchCameras')}</Typography.Text>
            <InputNumber
              min={1}
              max={16}
              value={cameras}
              aria-label={t('deviceConfig.batchCameras')}
              onChange={(value) => {
                const next = value ?? DEFAULT_CAMERAS;
                setCameras(next);
                form.setFieldValue('video', formValuesOf({}, next).video);
              }}
            />
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text>{t('deviceConfig.batchExpiry')}</Typography.Text>
            <ZonedDatePicker
              showTime
              value={expireTime === null ? null : dayjs(expireTime)}
              onChange={(value) => setExpireTime(value ? value.valueOf() : null)}
              disabledDay={(day) => day.end < Date.now()}
              aria-label={t('deviceConfig.batchExpiry')}
            />
          </Flex>
        </Flex>
        <ConfigForm
          form={form}
          channels={cameras}
          initialValues={formValuesOf({}, cameras)}
          apnPasswordSet={false}
          disabled={tooMany || count === 0}
          pending={dispatch.isPending}
          onSubmit={(values) => void submit(values)}
          batch={{
            chosen,
            onChoose: (section, on) =>
              setChosen((current) => {
                const next = new Set(current);
                if (on) next.add(section);
                else next.delete(section);
                return next;
              }),
            submitText: t('deviceConfig.batchDispatch', { count: count ?? 0 }),
          }}
        />
      </Flex>
    </Card>
  );
}
