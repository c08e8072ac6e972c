import { plans, type SubscriptionCreateBody, type SubscriptionRecord, type SubscriptionUpdateBody } from '@safety-shield/contract';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeNumberField } from '../../../shared/forms/WholeNumberField.js';
import { dayRangeOf, pickerNow, toPickerValue } from '../../../shared/time/picker.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { OrgPicker } from '../../orgs/index.js';
import { useSaveSubscription } from '../api/save-subscription.js';
import { periodProblem } from './units.js';

type Plan = (typeof plans)[number];

interface SubscriptionFormValues {
  companyId?: number;
  plan?: Plan;
  deviceQuota?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
}

interface SubscriptionDialogProps {
  /** The subscription being edited; undefined to create one. */
  record?: SubscriptionRecord | undefined;
  open: boolean;
  onClose(): void;
}

/** The contract's bound on a device quota. */
const QUOTA_MAX = 1_000_000;
const DAY = 'YYYY-MM-DD';

/** Subscribe a company to a plan for a period, or change a subscription's plan, quota and period. */
export function SubscriptionDialog({ record, open, onClose }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<SubscriptionFormValues>();
  const save = useSaveSubscription();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record)
      form.setFieldsValue({
        companyId: record.companyId,
        plan: record.plan,
        deviceQuota: record.deviceQuota,
        period: [toPickerValue(record.startTime), toPickerValue(record.endTime)],
      });
    else form.setFieldsValue({ plan: 'standard', period: [pickerNow(), pickerNow().add(1, 'year')] });
  }, [open, record, form]);

  const submit = async (values: SubscriptionFormValues) => {
    const [start, end] = values.period ?? [];
    if (!start || !end || !values.plan || values.deviceQuota == null) return;
    // Whole days: from the first day's start to the last day's end, in the display zone (issue 16).
    const { from, to } = dayRangeOf([start, end]);
    const terms = { plan: values.plan, deviceQuota: values.deviceQuota, startTime: from, endTime: to };
    const body: SubscriptionCreateBody | SubscriptionUpdateBody = record
      ? { id: record.id, ...terms }
      : { companyId: values.companyId ?? 0, ...terms };
    if (await attempt(() => save.mutateAsync(body), t('list.saved'))) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={t(record ? 'subscriptions.edit' : 'subscriptions.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      forceRender
      width={560}
    >
      <Form<SubscriptionFormValues>
        form={form}
        name="subscription"
        layout="vertical"
        onFinish={(values) => void submit(values)}
        data-testid="subscription-form"
        requiredMark
      >
        <Form.Item
          name="companyId"
          label={t('subscriptions.company')}
          rules={[{ required: true, message: t('subscriptions.companyRequired') }]}
        >
          <OrgPicker kind="company" disabled={!!record} valueLabel={record?.companyName} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="plan" label={t('subscriptions.planLabel')} rules={[{ required: true, message: t('subscriptions.planRequired') }]}>
          <Select options={plans.map((value) => ({ value, label: t(`subscriptions.plan.${value}`) }))} />
        </Form.Item>
        <WholeNumberField
          name="deviceQuota"
          label={t('subscriptions.deviceQuota')}
          max={QUOTA_MAX}
          messages={{ required: t('subscriptions.quotaRequired'), range: t('subscriptions.quotaRange', { max: QUOTA_MAX }) }}
        />
        <Form.Item
          name="period"
          label={t('subscriptions.period')}
          extra={t('subscriptions.periodHint')}
          rules={[
            {
              validator: (_, value: SubscriptionFormValues['period']) => {
                const [start, end] = value ?? [];
                if (!start || !end) return Promise.reject(new Error(t('subscriptions.periodRequired')));
                return periodProblem(start.format(DAY), end.format(DAY))
                  ? Promise.reject(new Error(t('subscriptions.periodOrder')))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('subscriptions.start'), t('subscriptions.end')]} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
