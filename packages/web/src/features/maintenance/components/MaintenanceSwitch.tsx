import { App, Button, Card, Flex, Form, Input, Skeleton, Switch, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../../shared/forms/rules.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useMaintenance, useSetMaintenance } from '../api/maintenance.js';

/** The contract's limit on the message. */
const MESSAGE_MAX = 500;

interface MaintenanceValues {
  on: boolean;
  message?: string;
}

/** The Super Admin's maintenance card: on/off and the message users see; switching on is asked for first. */
export function MaintenanceSwitch() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const attempt = useAttempt();
  const [form] = Form.useForm<MaintenanceValues>();
  const query = useMaintenance();
  const change = useSetMaintenance();

  useEffect(() => {
    if (query.data) form.setFieldsValue({ on: query.data.on, message: query.data.message ?? '' });
  }, [query.data, form]);

  const send = (values: MaintenanceValues) =>
    attempt(
      () => change.mutateAsync({ on: values.on, message: values.message?.trim() || null }),
      t(values.on ? 'maintenance.switchedOn' : 'maintenance.switchedOff'),
    );

  const submit = (values: MaintenanceValues) => {
    // Turning it on locks every other user out at once: ask first. Saving a new message while on, or turning off, does not.
    if (values.on && !query.data?.on)
      modal.confirm({
        title: t('maintenance.confirmTitle'),
        content: t('maintenance.confirmOn'),
        okText: t('maintenance.turnOn'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => send(values),
      });
    else void send(values);
  };

  const on = query.data?.on ?? false;
  return (
    <Card
      title={t('maintenance.cardTitle')}
      extra={query.data && <Tag color={on ? 'error' : 'success'}>{t(on ? 'maintenance.stateOn' : 'maintenance.stateOff')}</Tag>}
      data-testid="maintenance-switch"
    >
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <Form<MaintenanceValues> form={form} name="maintenance" layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
          <Typography.Paragraph type="secondary">{t('maintenance.explain')}</Typography.Paragraph>
          <Form.Item name="on" label={t('maintenance.mode')} valuePropName="checked">
            <Switch checkedChildren={t('maintenance.stateOn')} unCheckedChildren={t('maintenance.stateOff')} />
          </Form.Item>
          <Form.Item
            name="message"
            label={t('maintenance.messageLabel')}
            extra={t('maintenance.messageHint')}
            rules={[maxLength(t, MESSAGE_MAX)]}
          >
            <Input.TextArea rows={3} maxLength={MESSAGE_MAX} showCount />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              {t('common.save')}
            </Button>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
