import { CameraOutlined, ScissorOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  CLIP_WINDOW_MS,
  type EvidenceTask,
  type EvidenceTaskRecord,
  type IncidentDetail,
  OPEN_EVIDENCE_TASK_STATES,
  type ResourceRecord,
} from '@safety-shield/contract';
import { App, Button, Card, Empty, Flex, Popover, Progress, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedDatePicker } from '../../../../shared/time/ZonedPickers.js';
import { formatTime } from '../../../../shared/ui/format.js';
import { type EvidenceAsk, useAskEvidence, useCancelEvidenceTask, useEvidenceTasks } from '../api/evidence-requests.js';
import { useUploadProgress } from '../use-upload-progress.js';

/** What the panel asks the device for in full: each kind of its files, with the button's text. */
const WHOLE_KINDS = [
  { kind: 'pictures', resource: 'picture', icon: <CameraOutlined />, label: 'evidenceRequests.askPictures' },
  { kind: 'videos', resource: 'video', icon: <VideoCameraOutlined />, label: 'evidenceRequests.askVideos' },
] as const;

/** SPEC section 3: the upload states, 0 … 6 and -1. */
const STATES = [0, 1, 2, 3, 4, 5, 6] as const;
const taskColors: Record<EvidenceTaskRecord['state'], string> = {
  waiting: 'gold',
  sent: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** One file's way up: a bar over the seven states and the SPEC name of the one it is in. */
function ResourceProgress({ resource, state }: { resource: ResourceRecord | undefined; state: number }) {
  const { t } = useTranslation();
  const failed = state === -1;
  return (
    <Flex gap={8} align="center" data-testid="request-resource" data-state={state}>
      {resource?.kind === 'picture' ? <CameraOutlined /> : <VideoCameraOutlined />}
      <Typography.Text style={{ minWidth: 90 }}>
        {resource ? t('evidenceRequests.fileOf', { kind: t(`evidenceRequests.kind.${resource.kind}`), channel: resource.channel }) : '—'}
      </Typography.Text>
      <Progress
        style={{ flex: 1, margin: 0, minWidth: 120 }}
        size="small"
        percent={failed ? 100 : Math.round((Math.max(0, state) / 6) * 100)}
        status={failed ? 'exception' : state >= 4 ? 'success' : 'active'}
        showInfo={false}
        steps={STATES.length - 1}
      />
      <Typography.Text type={failed ? 'danger' : state >= 4 ? 'success' : 'secondary'} data-testid="request-resource-state">
        {t(`evidenceRequests.states.${failed ? 'failed' : state}`)}
      </Typography.Text>
    </Flex>
  );
}

function TaskCard({
  task,
  resources,
  live,
  canWrite,
}: {
  task: EvidenceTaskRecord;
  resources: ResourceRecord[];
  live: Readonly<Record<number, number>>;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelEvidenceTask(task.eventId);
  const open = OPEN_EVIDENCE_TASK_STATES.includes(task.state);
  return (
    <Card size="small" data-testid="evidence-task" data-task-state={task.state}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <Typography.Text strong>{t(`evidenceRequests.taskKind.${task.kind}`)}</Typography.Text>
          <Tag color={taskColors[task.state]}>{t(`evidenceRequests.taskState.${task.state}`)}</Tag>
          <Typography.Text type="secondary">
            {t('evidenceRequests.askedBy', { name: task.createdBy ?? '—', time: formatTime(task.createTime) })}
          </Typography.Text>
        </Space>
        {canWrite && open && (
          <Button
            size="small"
            danger
            loading={cancel.isPending}
            onClick={async () => {
              await cancel.mutateAsync(task.taskId);
              message.success(t('evidenceRequests.cancelled'));
            }}
          >
            {t('evidenceRequests.cancel')}
          </Button>
        )}
      </Flex>
      {task.reason && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
          {task.reason}
        </Typography.Text>
      )}
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {task.resourceIds.map((id) => {
          const resource = resources.find((r) => r.resourceId === id);
          return <ResourceProgress key={id} resource={resource} state={live[id] ?? resource?.state ?? 0} />;
        })}
      </Flex>
    </Card>
  );
}

/** The clip form: a moment within the incident's time ± 5 minutes and a camera. */
function ClipForm({ incident, onAsk }: { incident: IncidentDetail; onAsk: (resourceId: number, time: number) => void }) {
  const { t } = useTranslation();
  const channels = [...new Set(incident.resources.map((r) => r.channel))].sort((a, b) => a - b);
  const [channel, setChannel] = useState(channels[0] ?? 1);
  const [time, setTime] = useState<Dayjs>(dayjs(incident.triggerTime));
  const from = incident.triggerTime - CLIP_WINDOW_MS;
  const to = incident.triggerTime + CLIP_WINDOW_MS;
  const base = incident.resources.find((r) => r.channel === channel);
  return (
    <Flex vertical gap={8} style={{ width: 280 }} data-testid="clip-form">
      <Typography.Text type="secondary">{t('evidenceRequests.clipHint')}</Typography.Text>
      <ZonedDatePicker
        showTime
        allowClear={false}
        value={time}
        onChange={(value) => value && setTime(value)}
        disabledDay={(day) => day.end < from || day.start > to}
        aria-label={t('evidenceRequests.clipTime')}
      />
      <Select
        value={channel}
        onChange={setChannel}
        options={channels.map((c) => ({ value: c, label: t('evidenceRequests.channel', { channel: c }) }))}
        aria-label={t('evidenceRequests.clipChannel')}
      />
      <Button
        type="primary"
        disabled={!base || time.valueOf() < from || time.valueOf() > to}
        onClick={() => base && onAsk(base.resourceId, time.valueOf())}
      >
        {t('evidenceRequests.askClip')}
      </Button>
      {(time.valueOf() < from || time.valueOf() > to) && (
        <Typography.Text type="danger">{t('evidenceRequests.clipOutside')}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The detail page's on-demand evidence: ask the device for the pictures, the videos or a clip it still holds, and watch
 * each request's files move through the upload states live (the console's push), with Cancel for open requests.
 */
export function EvidenceRequestPanel({ incident, canWrite }: { incident: IncidentDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tasks = useEvidenceTasks(incident.eventId);
  const live = useUploadProgress(incident.eventId);
  const ask = useAskEvidence();
  const [clipOpen, setClipOpen] = useState(false);
  const writable = canWrite && !incident.deletedTime;
  const has = (kind: ResourceRecord['kind']) => incident.resources.some((r) => r.kind === kind);

  const run = async (what: EvidenceAsk) => {
    const answered: EvidenceTask[] = await ask.mutateAsync(what);
    if (answered.every((task) => task.taskId === null)) message.info(t('evidenceRequests.nothingToAsk'));
    else if (answered.some((task) => task.state === 'waiting')) message.info(t('evidenceRequests.waiting'));
    else message.success(t('evidenceRequests.asked'));
  };

  return (
    <Card size="small" title={t('evidenceRequests.title')} data-testid="evidence-requests">
      <Flex vertical gap={12}>
        {writable && (
          <Space wrap>
            {WHOLE_KINDS.map(({ kind, resource, icon, label }) => (
              <Button
                key={kind}
                icon={icon}
                disabled={!has(resource)}
                loading={ask.isPending && ask.variables?.kind === kind}
                onClick={() => run({ kind, eventIds: [incident.eventId] })}
              >
                {t(label)}
              </Button>
            ))}
            <Popover
              trigger="click"
              open={clipOpen}
              onOpenChange={setClipOpen}
              title={t('evidenceRequests.clipTitle')}
              content={
                <ClipForm
                  incident={incident}
                  onAsk={async (resourceId, time) => {
                    setClipOpen(false);
                    await run({ kind: 'clip', eventId: incident.eventId, resourceId, time });
                  }}
                />
              }
            >
              <Button icon={<ScissorOutlined />} disabled={incident.resources.length === 0}>
                {t('evidenceRequests.askClip')}
              </Button>
            </Popover>
          </Space>
        )}
        {(tasks.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('evidenceRequests.none')} />
        ) : (
          (tasks.data ?? []).map((task) => (
            <TaskCard key={task.taskId} task={task} resources={incident.resources} live={live} canWrite={writable} />
          ))
        )}
      </Flex>
    </Card>
  );
}
