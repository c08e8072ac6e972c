import { CaretRightOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { DVR_PLAY_MAX_MS, DVR_UPLOAD_MAX_MS, type DvrUpload, pathTo } from '@safety-shield/contract';
import { Alert, Button, Card, DatePicker, Empty, Flex, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LivePlayer } from '../live/index.js';
import { useVehicleConnection } from '../vehicles/index.js';
import { playDvr, uploadDvr, useDvrIndex, useUploadTasks } from './api/dvr.js';
import { type Span, Timeline } from './components/Timeline.js';

dayjs.extend(utc);

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /dvr/:licensePlate (Super Admin): the recordings the vehicle's device holds, per channel and UTC day. */
export function DvrPage() {
  const { t } = useTranslation();
  const licensePlate = useParams().licensePlate;
  const [channel, setChannel] = useState(1);
  const [day, setDay] = useState<Dayjs>(() => dayjs.utc().startOf('day'));
  const [span, setSpan] = useState<Span | null>(null);
  const [playing, setPlaying] = useState<Span | null>(null);
  const [uploaded, setUploaded] = useState<DvrUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const dayText = day.format('YYYY-MM-DD');
  // Only a connected device can list its recordings: an offline one is said so, and asked again once it connects.
  const online = useVehicleConnection(licensePlate);
  const index = useDvrIndex(licensePlate, channel, dayText, online === true);
  const tasks = useUploadTasks(uploaded?.eventId);
  const task = tasks.data?.find((row) => row.taskId === uploaded?.task.taskId);
  const dayStart = Date.parse(`${dayText}T00:00:00Z`);
  const channels = index.data?.channels ?? 1;

  const start = useCallback(
    () => playDvr({ licensePlate: licensePlate ?? '', channel, start: playing?.start ?? 0, end: playing?.end ?? 0 }),
    [licensePlate, channel, playing],
  );

  const upload = async () => {
    if (!span || !licensePlate) return;
    setUploading(true);
    setUploadError(null);
    try {
      setUploaded(await uploadDvr({ licensePlate, channel, ...span }));
    } catch (error) {
      setUploadError(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const length = span ? span.end - span.start : 0;
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('dvr.title', { plate: licensePlate })}>
        <Flex vertical gap={12}>
          <Space wrap>
            <label htmlFor="dvr-channel-select">{t('dvr.channel')}</label>
            <Select
              id="dvr-channel-select"
              data-testid="dvr-channel"
              value={channel}
              style={{ width: 140 }}
              onChange={(value) => {
                setChannel(value);
                setSpan(null);
                setPlaying(null);
              }}
              options={Array.from({ length: channels }, (_, i) => ({ value: i + 1, label: t('dvr.channelN', { channel: i + 1 }) }))}
            />
            <label htmlFor="dvr-day-picker">{t('dvr.day')}</label>
            <DatePicker
              id="dvr-day-picker"
              data-testid="dvr-day"
              value={day}
              allowClear={false}
              disabledDate={(d) => d.isAfter(dayjs()) || d.isBefore(dayjs().subtract(7, 'day'))}
              onChange={(value) => {
                if (!value) return;
                setDay(dayjs.utc(value.format('YYYY-MM-DD')));
                setSpan(null);
                setPlaying(null);
              }}
            />
            <Typography.Text type="secondary">{t('dvr.utc')}</Typography.Text>
          </Space>
          {online === false ? (
            <Alert type="info" showIcon data-testid="dvr-offline" title={t('dvr.offline')} />
          ) : index.isError ? (
            <Alert type="error" showIcon title={errorText(index.error)} />
          ) : online === undefined || index.isLoading ? (
            <Spin />
          ) : index.data && index.data.segments.length === 0 ? (
            <Empty description={t('dvr.none')} />
          ) : (
            <Timeline dayStart={dayStart} segments={index.data?.segments ?? []} selected={span} onSelect={setSpan} />
          )}
          <Flex gap={8} align="center" wrap>
            <Typography.Text data-testid="dvr-span">
              {span ? t('dvr.span', { start: clock(span.start), end: clock(span.end), seconds: Math.round(length / 1000) }) : t('dvr.pick')}
            </Typography.Text>
            <Button
              type="primary"
              icon={<CaretRightOutlined />}
              data-testid="dvr-play"
              disabled={!span || length > DVR_PLAY_MAX_MS}
              onClick={() => setPlaying(span)}
            >
              {t('dvr.play')}
            </Button>
            <Button
              icon={<CloudUploadOutlined />}
              data-testid="dvr-upload"
              loading={uploading}
              disabled={!span || length > DVR_UPLOAD_MAX_MS}
              onClick={() => void upload()}
            >
              {t('dvr.upload')}
            </Button>
            {span && length > DVR_UPLOAD_MAX_MS && <Typography.Text type="warning">{t('dvr.uploadTooLong')}</Typography.Text>}
          </Flex>
          {uploadError && <Alert type="error" showIcon title={uploadError} />}
          {uploaded && (
            <Alert
              type="success"
              showIcon
              data-testid="dvr-uploaded"
              title={
                <Space wrap>
                  {t(uploaded.created ? 'dvr.uploadFiled' : 'dvr.uploadAdded')}
                  <Link to={pathTo('EventDetail', { eventId: uploaded.eventId })}>{t('dvr.incident', { id: uploaded.eventId })}</Link>
                  <Tag>{t(`dvr.taskStates.${task?.state ?? uploaded.task.state}`)}</Tag>
                </Space>
              }
            />
          )}
        </Flex>
      </Card>
      {playing && (
        <div style={{ maxWidth: 480 }}>
          <LivePlayer key={`${channel}-${playing.start}-${playing.end}`} vehicleId={0} channel={channel} start={start} autoPlay />
        </div>
      )}
    </Flex>
  );
}
