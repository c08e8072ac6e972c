import { MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { EMAIL_CODE_LENGTH, type VehicleEmailRecord } from '@safety-shield/contract';
import { App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../../api/send-email-code.js';
import { useVerifyVehicleEmail } from '../../api/verify-email.js';
import { showFieldError } from '../form/server-field-errors.js';
import { useNow } from './use-now.js';
import { resendWaitSeconds, verifyProblem } from './verify-rules.js';

interface Props {
  vehicleId: number;
  /** The address chosen for validation: its id and the text it had when chosen (it may vanish since). */
  chosen: { id: number; email: string };
  emails: readonly VehicleEmailRecord[];
  onDone(): void;
}

const CODE_PATTERN = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

/** Send a code to the chosen address (then wait 60 s before another), enter the 6 digits, validate. */
export function VerifyEmailForm({ vehicleId, chosen, emails, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const send = useSendEmailCode(vehicleId);
  const verify = useVerifyVehicleEmail(vehicleId);
  // Codes sent from this page, by address: the list may not have refreshed its codeSentTime yet.
  const [sentAt, setSentAt] = useState<Record<number, number>>({});
  const record = emails.find((email) => email.id === chosen.id);
  const lastSent = Math.max(record?.codeSentTime ?? 0, sentAt[chosen.id] ?? 0) || null;
  const now = useNow(true);
  const wait = resendWaitSeconds(lastSent, now);

  const sendCode = async () => {
    if (!record) return message.warning(t('vehicles.emails.problem.rechoose'));
    try {
      await send.mutateAsync(record.id);
    } catch {
      return; // the HTTP layer has shown the server's reason (too fast, mail failure)
    }
    setSentAt((current) => ({ ...current, [record.id]: Date.now() }));
    message.success(t('vehicles.emails.codeSent', { email: record.email }));
  };

  const submit = async ({ code }: { code: string }) => {
    // SPEC section 8's client messages come before anything is sent.
    const problem = verifyProblem(chosen.id, emails, new Set(Object.keys(sentAt).map(Number)));
    if (problem) {
      message.warning(t(`vehicles.emails.problem.${problem}`));
      if (problem === 'rechoose') onDone();
      return;
    }
    try {
      await verify.mutateAsync({ id: chosen.id, code: code.trim() });
    } catch (error) {
      showFieldError(form, error, { VEHICLE_EMAIL_VALIDATE_FAIL: 'code' }, t);
      return;
    }
    message.success(t('vehicles.emails.verifiedDone', { email: chosen.email }));
    onDone();
  };

  return (
    <Card size="small" title={t('vehicles.emails.validateTitle', { email: chosen.email })} data-testid="verify-email">
      <Form form={form} name="verify-email" layout="inline" className="filter-bar" onFinish={(values) => void submit(values)}>
        <Form.Item>
          <Button icon={<MailOutlined />} onClick={() => void sendCode()} disabled={wait > 0} loading={send.isPending}>
            {wait > 0
              ? t('vehicles.emails.resendIn', { seconds: wait })
              : t(lastSent ? 'vehicles.emails.resend' : 'vehicles.emails.sendCode')}
          </Button>
        </Form.Item>
        <Form.Item
          name="code"
          label={t('vehicles.emails.code')}
          rules={[
            { required: true, message: t('vehicles.emails.codeRequired') },
            { pattern: CODE_PATTERN, message: t('vehicles.emails.codeLength', { length: EMAIL_CODE_LENGTH }) },
          ]}
        >
          <Input maxLength={EMAIL_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" style={{ width: 140, letterSpacing: 4 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SafetyCertificateOutlined />} loading={verify.isPending}>
            {t('vehicles.emails.verify')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={onDone}>{t('common.cancel')}</Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
