import { VideoCameraOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAskEvidence } from '../api/evidence-requests.js';

/** The list's batch action: ask the devices of the selected incidents (up to 500) for the videos they still hold. */
export function BatchVideoRequestButton({ eventIds }: { eventIds: number[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ask = useAskEvidence();
  return (
    <Button
      icon={<VideoCameraOutlined />}
      disabled={eventIds.length === 0 || eventIds.length > 500}
      loading={ask.isPending}
      data-testid="batch-ask-videos"
      onClick={async () => {
        const tasks = await ask.mutateAsync({ kind: 'videos', eventIds, batch: true });
        const asked = tasks.filter((task) => task.taskId !== null).length;
        message.success(t('evidenceRequests.batchAsked', { count: asked }));
      }}
    >
      {t('evidenceRequests.askVideosBatch', { count: eventIds.length })}
    </Button>
  );
}
