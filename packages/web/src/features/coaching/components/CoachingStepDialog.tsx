import { COACHING_NOTE_MAX_LENGTH, MARK_NOTE_MAX_LENGTH } from '@safety-shield/contract';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength, requiredText } from '../../../shared/forms/rules.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useCoach, useDismissCoaching, useMarkCoaching, useReopenCoaching } from '../api/coaching-steps.js';

/** A step of an incident's coaching that the user writes a note for. */
export type CoachingStep = 'mark' | 'coach' | 'dismiss' | 'reopen';

/** Coaching and dismissing take a note; marking and reopening may say why. */
const required: Record<CoachingStep, boolean> = { mark: false, coach: true, dismiss: true, reopen: false };
const limit: Record<CoachingStep, number> = {
  mark: MARK_NOTE_MAX_LENGTH,
  coach: COACHING_NOTE_MAX_LENGTH,
  dismiss: COACHING_NOTE_MAX_LENGTH,
  reopen: MARK_NOTE_MAX_LENGTH,
};

interface Props {
  step: CoachingStep;
  eventId: number;
  /** What the dialog is about, under its title: the incident's type, plate and time. */
  subject?: string;
  onClose(): void;
}

/** One coaching step in a dialog: the note (required for coach and dismiss, with its length), then the call. */
export function CoachingStepDialog({ step, eventId, subject, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const mark = useMarkCoaching();
  const coach = useCoach();
  const dismiss = useDismissCoaching();
  const reopen = useReopenCoaching();
  const pending = mark.isPending || coach.isPending || dismiss.isPending || reopen.isPending;

  const submit = async ({ note }: { note?: string }) => {
    const text = note?.trim() ?? '';
    try {
      if (step === 'mark') await mark.mutateAsync({ eventId: [eventId], ...(text ? { note: text } : {}) });
      if (step === 'coach') await coach.mutateAsync({ eventId, note: text });
      if (step === 'dismiss') await dismiss.mutateAsync({ eventId, reason: text });
      if (step === 'reopen') await reopen.mutateAsync({ eventId, ...(text ? { note: text } : {}) });
      message.success(t(`coaching.steps.${step}.done`));
      onClose();
    } catch {
      // The HTTP layer has shown the server's reason.
    }
  };

  return (
    <FormDialog
      title={t(`coaching.steps.${step}.title`)}
      okText={t(`coaching.steps.${step}.ok`)}
      form={form}
      pending={pending}
      onClose={onClose}
      destroyOnHidden
      data-testid="coaching-dialog"
    >
      {subject && (
        <Typography.Paragraph type="secondary" data-testid="coaching-dialog-subject">
          {subject}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="note"
          label={t(`coaching.steps.${step}.note`)}
          rules={[...(required[step] ? [requiredText(t(`coaching.steps.${step}.required`))] : []), maxLength(t, limit[step])]}
        >
          <Input.TextArea
            rows={4}
            maxLength={limit[step]}
            showCount
            autoFocus
            placeholder={t(`coaching.steps.${step}.placeholder`)}
            data-testid="coaching-note"
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
