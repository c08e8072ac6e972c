import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { SHARE_DAYS_MAX, SHARE_IDS_MAX, type ShareLink } from '@safety-shield/contract';
import { App, Button, Flex, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { useShareIncidents } from '../api/share-incidents.js';

const DEFAULT_DAYS = 7;

/**
 * "Share link" for some incidents: a dialog asks for how many days (1–30), then shows the public `/1ncident` link
 * with a copy button. Only incident writers get it (the caller decides whether to show it).
 */
export function ShareButton({ eventIds, testId = 'share-link' }: { eventIds: number[]; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [link, setLink] = useState<ShareLink | null>(null);
  const share = useShareIncidents();
  const tooMany = eventIds.length > SHARE_IDS_MAX;
  const url = link ? new URL(link.url, window.location.origin).toString() : '';

  const close = () => {
    setOpen(false);
    setLink(null);
  };
  const create = async () => {
    try {
      setLink(await share.mutateAsync({ eventId: eventIds, days }));
    } catch {
      // The HTTP layer has shown the server's message.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('publicIncidents.share.copied'));
    } catch {
      message.warning(t('publicIncidents.share.copyFailed'));
    }
  };

  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        disabled={eventIds.length === 0 || tooMany}
        title={tooMany ? t('publicIncidents.share.tooMany', { max: SHARE_IDS_MAX }) : undefined}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {t('publicIncidents.share.button')}
      </Button>
      <Modal
        open={open}
        title={t('publicIncidents.share.title')}
        onCancel={close}
        destroyOnHidden
        footer={
          link ? (
            <Button onClick={close}>{t('publicIncidents.share.close')}</Button>
          ) : (
            <Space>
              <Button onClick={close}>{t('common.cancel')}</Button>
              <Button type="primary" loading={share.isPending} onClick={() => void create()} data-testid="share-create">
                {t('publicIncidents.share.create')}
              </Button>
            </Space>
          )
        }
      >
        <Flex vertical gap={12} data-testid="share-dialog">
          <Typography.Paragraph style={{ margin: 0 }}>{t('publicIncidents.share.intro', { count: eventIds.length })}</Typography.Paragraph>
          {link ? (
            <>
              <Typography.Text strong>{t('publicIncidents.share.link')}</Typography.Text>
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={url} onFocus={(event) => event.target.select()} data-testid="share-url" />
                <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
                  {t('publicIncidents.share.copy')}
                </Button>
              </Space.Compact>
              <Typography.Text type="secondary">
                {t('publicIncidents.share.validUntil', { time: formatTime(link.expireTime) })}
              </Typography.Text>
            </>
          ) : (
            <div>
              <label htmlFor="share-days">{t('publicIncidents.share.days')}</label>
              <InputNumber
                id="share-days"
                style={{ display: 'block', marginTop: 4 }}
                min={1}
                max={SHARE_DAYS_MAX}
                precision={0}
                value={days}
                onChange={(value) => setDays(value ?? DEFAULT_DAYS)}
                data-testid="share-days"
              />
            </div>
          )}
        </Flex>
      </Modal>
    </>
  );
}
