import { PlusOutlined } from '@ant-design/icons';
import { THRESHOLD_LIMITS, type ThresholdClass, type ThresholdValues } from '@safety-shield/contract';
import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/ui/FormDialog.js';
import { decimalMark, type MeasureUnit, measureText, numberText, unitText } from '../../shared/ui/format.js';
import { actionsColumn, DeleteAction, EditAction, ListPage, timeColumn } from '../../shared/ui/list/index.js';
import { useAttempt } from '../../shared/ui/use-attempt.js';
import { useCreateThreshold, useDeleteThreshold, useThresholds, useUpdateThreshold } from './api/thresholds.js';

/** Each limit of a class: its step and unit; its range is the contract's (`THRESHOLD_LIMITS`). */
const thresholdSteps: ReadonlyArray<{ key: keyof ThresholdValues; step: number; unit: ThresholdUnit }> = [
  { key: 'speedingMarginKmh', step: 1, unit: 'kilometer-per-hour' },
  { key: 'harshAccelerationG', step: 0.05, unit: 'g' },
  { key: 'harshBrakingG', step: 0.05, unit: 'g' },
  { key: 'harshTurnG', step: 0.05, unit: 'g' },
  { key: 'fatigueSeconds', step: 1, unit: 'second' },
  { key: 'distractionSeconds', step: 1, unit: 'second' },
  { key: 'phoneUseSeconds', step: 1, unit: 'second' },
];
const thresholdFields = thresholdSteps.map((field) => ({ ...field, ...THRESHOLD_LIMITS[field.key] }));

/** Speeds and times in the reader's units; g (the acceleration of gravity) is written g in every language. */
type ThresholdUnit = MeasureUnit | 'g';
const unitName = (unit: ThresholdUnit) => (unit === 'g' ? 'g' : unitText(unit));
const valueText = (value: number, unit: ThresholdUnit) => (unit === 'g' ? `${numberText(value, 2)} g` : measureText(value, unit, 2));

const DEFAULTS: ThresholdValues = {
  speedingMarginKmh: 10,
  harshAccelerationG: 0.4,
  harshBrakingG: 0.5,
  harshTurnG: 0.45,
  fatigueSeconds: 3,
  distractionSeconds: 4,
  phoneUseSeconds: 5,
};

interface Values {
  name: string;
  description?: string;
  values: ThresholdValues;
}

/** A class's form in a dialog: new, or an existing one to change. */
function ThresholdDialog({ editing, onClose }: { editing: ThresholdClass | null; onClose(): void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<Values>();
  const create = useCreateThreshold();
  const update = useUpdateThreshold();
  const submit = async (values: Values) => {
    const body = { name: values.name.trim(), description: values.description?.trim() || null, values: values.values };
    const saved = await attempt(
      () => (editing ? update.mutateAsync({ id: editing.id, ...body }) : create.mutateAsync(body)),
      t('list.saved'),
    );
    if (saved) onClose();
  };
  return (
    <FormDialog
      form={form}
      pending={create.isPending || update.isPending}
      onClose={onClose}
      title={editing ? t('thresholds.edit', { name: editing.name }) : t('thresholds.add')}
      data-testid="threshold-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          editing ? { name: editing.name, description: editing.description ?? undefined, values: editing.values } : { values: DEFAULTS }
        }
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label={t('thresholds.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('thresholds.description')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        {thresholdFields.map(({ key, min, max, step, unit }) => (
          <Form.Item
            key={key}
            name={['values', key]}
            label={t(`thresholds.field.${key}`)}
            rules={[
              {
                required: true,
                type: 'number',
                min,
                max,
                message: t('deviceConfig.range', { min: numberText(min, 2), max: numberText(max, 2) }),
              },
            ]}
          >
            <InputNumber
              min={min}
              max={max}
              step={step}
              decimalSeparator={decimalMark()}
              addonAfter={unitName(unit)}
              style={{ width: 180 }}
            />
          </Form.Item>
        ))}
      </Form>
    </FormDialog>
  );
}

/** /devicepage/thresholds (Super Admin): the threshold classes configurations refer to. */
export function ThresholdsPage() {
  const { t } = useTranslation();
  const query = useThresholds();
  const remove = useDeleteThreshold();
  const [dialog, setDialog] = useState<ThresholdClass | null | undefined>();
  const records = query.data ?? [];
  const page = { data: { records, total: records.length }, isFetching: query.isFetching, isError: query.isError, refetch: query.refetch };
  const list = { page: 1, limit: Math.max(20, records.length), setPage: () => undefined };
  return (
    <ListPage<ThresholdClass>
      testId="thresholds"
      query={page}
      list={list}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog(null)} data-testid="threshold-add">
          {t('thresholds.add')}
        </Button>
      }
      rowKey="id"
      columns={[
        { key: 'name', title: t('thresholds.name'), dataIndex: 'name', fitWidth: 180 },
        ...thresholdFields.map(({ key, unit }, index) => ({
          key,
          title: t(`thresholds.field.${key}`),
          priority: index < 3 ? 2 : 3,
          fitWidth: 130,
          align: 'right' as const,
          render: (_: unknown, row: ThresholdClass) => valueText(row.values[key], unit),
        })),
        timeColumn('updated', t('thresholds.updated'), (row) => row.updateTime, 4),
        actionsColumn(
          t('list.actions'),
          (row) => (
            <>
              <EditAction onEdit={() => setDialog(row)} />
              <DeleteAction name={row.name} hint={t('thresholds.deleteHint')} onDelete={() => remove.mutateAsync(row.id)} />
            </>
          ),
          180,
        ),
      ]}
    >
      {dialog !== undefined && <ThresholdDialog editing={dialog} onClose={() => setDialog(undefined)} />}
    </ListPage>
  );
}
