import type { OrgCreateBody, OrgKind, OrgRecord, OrgUpdateBody } from '@safety-shield/contract';
import { Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLength, requiredText } from '../../../shared/forms/rules.js';
import { textOrNull } from '../../../shared/forms/text.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useOrg } from '../api/get-org.js';
import { useSaveOrg } from '../api/save-org.js';
import { parentOf, quotasOf } from './kinds.js';
import { LogoUpload } from './LogoUpload.js';
import { OrgAboutFields } from './OrgAboutFields.js';
import { OrgPicker } from './OrgPicker.js';

interface OrgFormValues {
  parentId?: number;
  name: string;
  address?: string;
  description?: string;
  logo?: string | null;
  companyQuota?: number | null;
  deviceQuota?: number | null;
}

interface OrgDialogProps {
  kind: OrgKind;
  /** The organisation being edited; undefined to create one. */
  record?: OrgRecord | undefined;
  open: boolean;
  onClose(): void;
}

/** Create or edit an organisation of one kind: name, parent (on create), address, description, quotas, logo. */
export function OrgDialog({ kind, record, open, onClose }: OrgDialogProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<OrgFormValues>();
  const save = useSaveOrg(kind);
  const parent = parentOf(kind);
  const quotas = quotasOf(kind);
  // The list leaves logos out: the edited organisation is read once more, logo included.
  const { data: full } = useOrg(kind, open && record?.hasLogo ? record.id : undefined);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record)
      form.setFieldsValue({
        parentId: record.parentId ?? undefined,
        name: record.name,
        address: record.address ?? undefined,
        description: record.description ?? undefined,
        companyQuota: record.companyQuota,
        deviceQuota: record.deviceQuota,
      });
  }, [open, record, form]);

  useEffect(() => {
    if (open && full && !form.isFieldTouched('logo')) form.setFieldValue('logo', full.logo);
  }, [open, full, form]);

  const submit = async (values: OrgFormValues) => {
    const fields = {
      address: textOrNull(values.address),
      description: textOrNull(values.description),
      logo: values.logo ?? null,
      ...(quotas.companyQuota ? { companyQuota: values.companyQuota ?? null } : {}),
      ...(quotas.deviceQuota ? { deviceQuota: values.deviceQuota ?? null } : {}),
    };
    // Only what was given (a new one) or changed (an edit): the logo is large. An empty quota is null, no limit.
    const sent = Object.fromEntries(
      Object.entries(fields).filter(([name]) => (record ? form.isFieldTouched(name as keyof OrgFormValues) : true)),
    );
    const body: OrgCreateBody | OrgUpdateBody = record
      ? { id: record.id, name: values.name.trim(), ...sent }
      : { name: values.name.trim(), ...sent, ...(parent ? { parentId: values.parentId } : {}) };
    if (await attempt(() => save.mutateAsync(body), t('list.saved'))) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={t(record ? `org.edit.${kind}` : `org.add.${kind}`)}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      forceRender
      width={560}
    >
      <Form form={form} name="org" layout="vertical" onFinish={(values) => void submit(values)} data-testid="org-form" requiredMark>
        {parent && (
          <Form.Item name="parentId" label={t(`org.kind.${parent}`)} rules={[{ required: !record, message: t(`org.pick.${parent}`) }]}>
            <OrgPicker kind={parent} disabled={!!record} valueLabel={record?.parentName} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('org.name')} rules={[requiredText(t('org.nameRequired')), maxLength(t, 64)]}>
          <Input maxLength={64} showCount autoComplete="off" />
        </Form.Item>
        <OrgAboutFields />
        {quotas.companyQuota && (
          <Form.Item name="companyQuota" label={t('org.companyQuota')} extra={t('org.quotaHint')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {quotas.deviceQuota && (
          <Form.Item name="deviceQuota" label={t('org.deviceQuota')} extra={t('org.quotaHint')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="logo" label={t('org.logo')} extra={t('org.logoHint')}>
          <LogoUpload />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
