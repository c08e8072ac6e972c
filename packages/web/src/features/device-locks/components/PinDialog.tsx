import { LOCK_PIN_PATTERN } from '@safety-shield/contract';
import { Alert, App, Form, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueRule } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { formatTime } from '../../../shared/ui/format.js';
import { type PinRefusal, pinRefusal } from '../lock-errors.js';

const PIN = new RegExp(LOCK_PIN_PATTERN);

interface Props {
  /** Lock (a new PIN, typed twice) or unlock (the lock's PIN). */
  locking: boolean;
  /** What changes: a device's UUID, or "3 devices". */
  subject: string;
  /** A Super Admin unlocks without the PIN. */
  withoutPin?: boolean;
  /** A line above the fields (an installer link's uses). */
  note?: ReactNode;
  onSubmit(pin: string | undefined): Promise<unknown>;
  /** A link that opens nothing any more: the page says so instead. */
  onLinkRefused?(): void;
  onClose(): void;
}

/** Asks for a lock's PIN and says what a refusal means: a wrong PIN with the tries left, or the block. */
export function PinDialog({ locking, subject, withoutPin, note, onSubmit, onLinkRefused, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ pin?: string; repeat?: string }>();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<PinRefusal>();
  const pinRules = [
    { required: true, message: t('deviceLocks.pin.required') },
    { pattern: PIN, message: t('deviceLocks.pin.format') },
  ];

  const submit = async ({ pin }: { pin?: string }) => {
    setPending(true);
    setRefusal(undefined);
    try {
      await onSubmit(withoutPin ? undefined : pin);
      message.success(t(locking ? 'deviceLocks.pin.lockedDone' : 'deviceLocks.pin.unlockedDone', { subject }));
      onClose();
    } catch (error) {
      const read = pinRefusal(error);
      if (read.kind === 'link' && onLinkRefused) {
        onLinkRefused();
        onClose();
        return;
      }
      setRefusal(read);
      form.setFieldValue('pin', '');
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      form={form}
      pending={pending}
      onClose={onClose}
      title={t(locking ? 'deviceLocks.pin.lockTitle' : 'deviceLocks.pin.unlockTitle', { subject })}
      okText={t(locking ? 'deviceLocks.lockAction' : 'deviceLocks.unlockAction')}
      okButtonProps={{ danger: !locking && withoutPin, 'data-testid': 'pin-submit' }}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false} data-testid="pin-dialog">
        {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
        {withoutPin ? (
          <Alert type="warning" showIcon title={t('deviceLocks.pin.superUnlock')} />
        ) : (
          <>
            <Form.Item name="pin" label={t(locking ? 'deviceLocks.pin.newPin' : 'deviceLocks.pin.pin')} rules={pinRules}>
              <Input.Password inputMode="numeric" autoComplete="off" maxLength={8} autoFocus data-testid="pin-input" />
            </Form.Item>
            {locking && (
              <Form.Item
                name="repeat"
                label={t('deviceLocks.pin.repeat')}
                dependencies={['pin']}
                rules={[
                  { required: true, message: t('deviceLocks.pin.required') },
                  ({ getFieldValue }) => valueRule((value) => !value || value === getFieldValue('pin'), t('deviceLocks.pin.mismatch')),
                ]}
              >
                <Input.Password inputMode="numeric" autoComplete="off" maxLength={8} data-testid="pin-repeat" />
              </Form.Item>
            )}
            {locking && <Typography.Paragraph type="secondary">{t('deviceLocks.pin.lockHint')}</Typography.Paragraph>}
          </>
        )}
        {refusal && <RefusalAlert refusal={refusal} />}
      </Form>
    </FormDialog>
  );
}

function RefusalAlert({ refusal }: { refusal: PinRefusal }) {
  const { t } = useTranslation();
  let text: string;
  if (refusal.kind === 'wrongPin')
    text =
      refusal.blockedUntil !== null
        ? t('deviceLocks.pin.blockedNow', { time: formatTime(refusal.blockedUntil) })
        : t('deviceLocks.pin.wrong', { count: refusal.triesLeft });
  else if (refusal.kind === 'blocked') text = t('deviceLocks.pin.blockedNow', { time: formatTime(refusal.blockedUntil) });
  else if (refusal.kind === 'link') text = t(`deviceLocks.installer.${refusal.link}Title`);
  else text = refusal.message;
  return <Alert type="error" showIcon title={text} data-testid="pin-refusal" style={{ marginTop: 8 }} />;
}
