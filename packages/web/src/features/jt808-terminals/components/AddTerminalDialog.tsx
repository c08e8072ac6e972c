import { LISTED_PLATE_MAX } from '@safety-shield/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useAddListedTerminal } from '../api/listed-terminals.js';

interface Values {
  terminalNo: string;
  plate?: string;
}

/** The contract's rule (ListedTerminalBody): 1 to 20 digits. */
const DIGITS = /^[0-9]{1,20}$/;

/** Lists one terminal under the company (undefined: a Company Admin's own). */
export function AddTerminalDialog({ companyId, onClose }: { companyId: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<Values>();
  const add = useAddListedTerminal();
  const submit = async (values: Values) => {
    const body = { companyId, terminalNo: values.terminalNo.trim(), plate: values.plate?.trim() || null };
    if (await attempt(() => add.mutateAsync(body), t('listedTerminals.added'))) onClose();
  };
  return (
    <FormDialog
      title={t('listedTerminals.addTitle')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
      okText={t('listedTerminals.add')}
    >
      <Form<Values> form={form} name="add-listed-terminal" layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="terminalNo"
          label={t('listedTerminals.terminalNo')}
          extra={t('listedTerminals.numberHint')}
          rules={[
            { required: true, whitespace: true, message: t('listedTerminals.numberRequired') },
            { pattern: DIGITS, message: t('listedTerminals.numberDigits') },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={20} />
        </Form.Item>
        <Form.Item name="plate" label={t('devices.plate')} rules={[maxLength(t, LISTED_PLATE_MAX)]}>
          <Input maxLength={LISTED_PLATE_MAX} allowClear />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
