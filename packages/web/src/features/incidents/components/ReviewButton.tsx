import { CheckOutlined } from '@ant-design/icons';
import type { IncidentDetail } from '@safety-shield/contract';
import { App, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { useTagOptions } from '../api/get-tags.js';
import { useReviewIncident } from '../api/review-incident.js';

/** Marks the incident reviewed by the signed-in user, optionally under another tag of its company. */
export function ReviewButton({ incident }: { incident: IncidentDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [tagId, setTagId] = useState<number | undefined>();
  const tags = useTagOptions(incident.companyId ?? undefined);
  const review = useReviewIncident();
  const submit = async () => {
    try {
      await review.mutateAsync({ eventId: incident.eventId, ...(tagId && tagId !== incident.tagId ? { tagId } : {}) });
      message.success(t('events.reviewedDone'));
      setOpen(false);
    } catch {
      // the HTTP layer has shown the server's reason
    }
  };
  return (
    <>
      <Button
        type={incident.reviewState === 'unread' ? 'primary' : 'default'}
        icon={<CheckOutlined />}
        data-testid="mark-reviewed"
        onClick={() => {
          setTagId(incident.tagId ?? undefined);
          setOpen(true);
        }}
      >
        {t('events.markReviewed')}
      </Button>
      <Modal
        open={open}
        title={t('events.markReviewed')}
        okText={t('events.markReviewed')}
        cancelText={t('common.cancel')}
        confirmLoading={review.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('events.tag')} extra={t('events.retagHint')}>
            <Select
              value={tagId}
              onChange={setTagId}
              loading={tags.isPending}
              data-testid="review-tag"
              options={(tags.data ?? [])
                .filter((tag) => incident.companyId === null || tag.companyId === incident.companyId)
                .map((tag) => ({ value: tag.tagId, label: tagName(t, tag.tagName) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
