import { LOCK_LINK_USES_MAX, type LockLinkIssued } from '@safety-shield/contract';
import { Alert, Button, Descriptions, Flex, Form, InputNumber, Modal, QRCode, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { formatTime } from '../../../shared/ui/format.js';
import { useIssueLink } from '../api/locks.js';

/** How long a link may stay valid: a shift, a day, up to a week (LOCK_LINK_HOURS_MAX). */
const HOURS = [1, 4, 8, 24, 72, 168] as const;

interface Props {
  devices: { deviceId: number; deviceUuid: string }[];
  onClose(): void;
}

/** A Super Admin's link for an installer on site: these devices' lock page, for some hours and uses; its URL is shown once. */
export function InstallerLinkDialog({ devices, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ hours: number; uses: number }>();
  const issue = useIssueLink();
  const [issued, setIssued] = useState<LockLinkIssued>();
  const durationText = (hours: number) =>
    hours % 24 === 0 ? t('deviceLocks.link.days', { count: hours / 24 }) : t('deviceLocks.link.hours', { count: hours });

  if (issued) {
    const url = `${window.location.origin}${issued.url}`;
    return (
      <Modal
        open
        title={t('deviceLocks.link.issuedTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('deviceLocks.link.onceNote')} style={{ marginBottom: 12 }} />
        {/* Issue 29: the link is meant for a phone: its QR code beside the address and its copy button. */}
        <Flex wrap gap={12} align="center" className="lock-link-box">
          <QRCode
            value={url}
            type="svg"
            size={148}
            bordered={false}
            bgColor="#ffffff"
            color="#000000"
            aria-label={t('deviceLocks.link.qr')}
            role="img"
            data-testid="lock-link-qr"
          />
          <Flex vertical gap={4} className="lock-link-text">
            <Typography.Text type="secondary">{t('deviceLocks.link.qrHint')}</Typography.Text>
            <Typography.Text copyable={{ text: url }} className="lock-link-url" data-testid="lock-link-url">
              {url}
            </Typography.Text>
          </Flex>
        </Flex>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'devices', label: t('deviceLocks.link.devices'), children: issued.deviceUuids.join(', ') },
            { key: 'expires', label: t('deviceLocks.link.validUntil'), children: formatTime(issued.expireTime) },
            { key: 'uses', label: t('deviceLocks.link.uses'), children: issued.usesLeft },
          ]}
        />
      </Modal>
    );
  }

  return (
    <FormDialog
      form={form}
      pending={issue.isPending}
      onClose={onClose}
      title={t('deviceLocks.link.title')}
      okText={t('deviceLocks.link.issue')}
      okButtonProps={{ 'data-testid': 'lock-link-issue' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('deviceLocks.link.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ hours: 8, uses: 4 }}
        onFinish={(values) =>
          void issue
            .mutateAsync({ deviceIds: devices.map((device) => device.deviceId), hours: values.hours, uses: values.uses })
            .then(setIssued, () => {
              // The HTTP layer has shown the reason.
            })
        }
        data-testid="lock-link-form"
      >
        <Form.Item label={t('deviceLocks.link.devices')}>
          <Typography.Text data-testid="lock-link-devices">{devices.map((device) => device.deviceUuid).join(', ')}</Typography.Text>
        </Form.Item>
        <Form.Item name="hours" label={t('deviceLocks.link.validFor')}>
          <Select options={HOURS.map((hours) => ({ value: hours, label: durationText(hours) }))} data-testid="lock-link-hours" />
        </Form.Item>
        <Form.Item
          name="uses"
          label={t('deviceLocks.link.uses')}
          extra={t('deviceLocks.link.usesHelp')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: LOCK_LINK_USES_MAX,
              message: t('deviceLocks.link.usesRange', { max: LOCK_LINK_USES_MAX }),
            },
          ]}
        >
          <InputNumber min={1} max={LOCK_LINK_USES_MAX} precision={0} style={{ width: '100%' }} data-testid="lock-link-uses" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
