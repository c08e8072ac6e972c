import {
  REPORT_RECIPIENTS_MAX,
  REPORT_SCHEDULE_NAME_MAX,
  type ReportFrequency,
  type ReportSchedule,
  reportFrequencies,
} from '@safety-shield/contract';
import { App, Button, Drawer, Flex, Form, Input, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from '../../../shared/forms/ChoiceButtons.js';
import { ApiError } from '../../../shared/http/client.js';
import { useSelfInfo } from '../../auth/index.js';
import { OrgPicker, scopeKindsOf } from '../../orgs/index.js';
import { useCreateSchedule, useFoundRecipients, useUpdateSchedule } from '../api/report-schedules.js';
import { type PickedRecipient, RecipientPicker, recipientLabel } from './RecipientPicker.js';
import { RecipientProblems, reasonText, recipientName } from './RecipientProblems.js';

type ScopeKind = ReturnType<typeof scopeKindsOf>[number];
const fieldOf = { agent: 'agentId', company: 'companyId', fleet: 'fleetId' } as const satisfies Record<ScopeKind, string>;
const aboveOf: Record<ScopeKind, ScopeKind | undefined> = { agent: undefined, company: 'agent', fleet: 'company' };

interface Values {
  name: string;
  frequency: ReportFrequency;
  agentId?: number | undefined;
  companyId?: number | undefined;
  fleetId?: number | undefined;
  recipients: PickedRecipient[];
  enabled: boolean;
}

interface Props {
  open: boolean;
  /** The schedule edited; none: a new one. */
  schedule?: ReportSchedule | undefined;
  onClose(): void;
}

/** A schedule's drawer: name, the organisation the report is of, weekly or monthly, its recipients, on or off. */
export function ScheduleForm({ open, schedule, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={t(schedule ? 'reportSchedules.form.editTitle' : 'reportSchedules.form.addTitle')}
      destroyOnHidden
      data-testid="report-schedule-drawer"
    >
      {open && <ScheduleFormBody schedule={schedule} onClose={onClose} />}
    </Drawer>
  );
}

function ScheduleFormBody({ schedule, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  // Whether each chosen account can receive: as the search found it, else as the schedule lists it.
  const foundRecipient = useFoundRecipients();
  const listed = new Map((schedule?.recipients ?? []).map((r) => [r.accountId, r]));
  const recipientOf = (accountId: number) => foundRecipient(accountId) ?? listed.get(accountId);
  const picked: PickedRecipient[] = Form.useWatch('recipients', form) ?? [];
  const chosenRecipients = picked.flatMap((p) => recipientOf(p.value) ?? []);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const kinds = scopeKindsOf(useSelfInfo().data?.baseInfo.role);
  const initialValues = useMemo<Partial<Values>>(
    () =>
      schedule
        ? {
            name: schedule.name,
            frequency: schedule.frequency,
            agentId: schedule.agentId ?? undefined,
            companyId: schedule.companyId ?? undefined,
            fleetId: schedule.fleetId ?? undefined,
            recipients: schedule.recipients.map((r) => ({ value: r.accountId, label: recipientLabel(r, t) })),
            enabled: schedule.enabled,
          }
        : { frequency: 'weekly', recipients: [], enabled: true },
    [schedule, t],
  );
  const chosen: Record<ScopeKind, number | undefined> = {
    agent: Form.useWatch('agentId', form),
    company: Form.useWatch('companyId', form),
    fleet: undefined,
  };
  const names: Record<ScopeKind, string | null | undefined> = {
    agent: schedule?.agentName,
    company: schedule?.companyName,
    fleet: schedule?.fleetName,
  };

  /**
   * Saving a schedule some of whose recipients cannot receive it asks first, naming them and why (docs/decisions.md,
   * "Recipients who cannot receive"): they stay recipients and get the report once they can.
   */
  const confirmed = (values: Values) => {
    const unreachable = values.recipients.flatMap((p) => recipientOf(p.value) ?? []).filter((r) => r.cannotReceive !== null);
    if (unreachable.length === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('reportSchedules.form.saveAnywayTitle', { count: unreachable.length }),
        content: (
          <Flex vertical gap={8}>
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="report-schedule-save-warning">
              {unreachable.map((r) => (
                <li key={r.accountId}>
                  {t('reportSchedules.missedLine', {
                    name: recipientName(r),
                    reason: reasonText(t, r.cannotReceive ?? 'ACCOUNT_UNAVAILABLE'),
                  })}
                </li>
              ))}
            </ul>
            <Typography.Text type="secondary">{t('reportSchedules.form.saveAnywayHint')}</Typography.Text>
          </Flex>
        ),
        okText: t('reportSchedules.form.saveAnyway'),
        cancelText: t('reportSchedules.form.goBack'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };

  const submit = async (values: Values) => {
    if (!(await confirmed(values))) return;
    // Only the levels offered are the form's to change; the others stay as they are.
    const orgs = Object.fromEntries(kinds.map((kind) => [fieldOf[kind], values[fieldOf[kind]] ?? null]));
    const fields = {
      name: values.name.trim(),
      frequency: values.frequency,
      recipients: values.recipients.map((r) => r.value),
      enabled: values.enabled,
    };
    try {
      if (schedule) await update.mutateAsync({ id: schedule.id, ...fields, ...orgs });
      else
        await create.mutateAsync({
          ...fields,
          ...Object.fromEntries(Object.entries(orgs).filter(([, id]) => id !== null)),
        });
      message.success(t('list.saved'));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.codeKey !== 'PARAM_CHECK_FAIL') return;
      const data = (error.data ?? {}) as { field?: string; accountId?: number[] };
      if (data.field === 'recipients') {
        const refused = values.recipients.filter((r) => data.accountId?.includes(r.value)).map((r) => r.label);
        form.setFields([{ name: 'recipients', errors: [t('reportSchedules.form.recipientsRefused', { names: refused.join(', ') })] }]);
      } else if (data.field === 'name') form.setFields([{ name: 'name', errors: [t('reportSchedules.form.nameRequired')] }]);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      data-testid="report-schedule-form"
    >
      <Form.Item
        name="name"
        label={t('reportSchedules.name')}
        rules={[{ required: true, whitespace: true, message: t('reportSchedules.form.nameRequired') }]}
      >
        <Input maxLength={REPORT_SCHEDULE_NAME_MAX} data-testid="report-schedule-name" />
      </Form.Item>
      <Form.Item name="frequency" label={t('reportSchedules.frequency')} extra={t('reportSchedules.form.frequencyHint')}>
        <ChoiceButtons values={reportFrequencies} textKey="reportSchedules.frequencies" data-testid="report-schedule-frequency" />
      </Form.Item>
      {kinds.length > 0 && (
        <Flex wrap style={{ columnGap: 16 }} data-testid="report-schedule-orgs">
          <Typography.Text type="secondary" style={{ flexBasis: '100%', marginBottom: 8 }}>
            {t('reportSchedules.form.scopeHint')}
          </Typography.Text>
          {kinds.map((kind) => {
            const above = aboveOf[kind];
            return (
              <Form.Item key={kind} name={fieldOf[kind]} label={t(`org.kind.${kind}`)} style={{ flex: '1 1 180px' }}>
                <OrgPicker
                  kind={kind}
                  parentId={above && kinds.includes(above) ? chosen[above] : undefined}
                  valueLabel={names[kind]}
                  style={{ width: '100%' }}
                  data-testid={`report-schedule-${kind}`}
                />
              </Form.Item>
            );
          })}
        </Flex>
      )}
      <Form.Item
        name="recipients"
        label={t('reportSchedules.recipients')}
        extra={t('reportSchedules.form.recipientsHint', { max: REPORT_RECIPIENTS_MAX })}
        rules={[
          { required: true, type: 'array', min: 1, message: t('reportSchedules.form.recipientsRequired') },
          {
            type: 'array',
            max: REPORT_RECIPIENTS_MAX,
            message: t('reportSchedules.form.recipientsTooMany', { max: REPORT_RECIPIENTS_MAX }),
          },
        ]}
      >
        <RecipientPicker />
      </Form.Item>
      <RecipientProblems recipients={chosenRecipients} />
      <Form.Item name="enabled" label={t('reportSchedules.enabled')} valuePropName="checked">
        <Switch data-testid="report-schedule-enabled" />
      </Form.Item>
      <Flex gap={8} wrap justify="flex-end">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="report-schedule-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
