import { CheckCircleOutlined, FlagOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { coachingApi, type ReviewState } from '@safety-shield/contract';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useCan } from '../../auth/index.js';
import { useCoachingInfo } from '../api/get-coaching.js';
import { type CoachingStep, CoachingStepDialog } from './CoachingStepDialog.js';
import { CoachingStateTag } from './display.js';

interface Props {
  eventId: number;
  reviewState: ReviewState;
  /** In the recycle bin: shown, not changed. */
  deleted: boolean;
}

/**
 * The incident detail's coaching (issue 19): its state, who marked and closed it with the notes, and the next steps
 * the user may take: "Needs coaching" once the incident is reviewed, then coach or dismiss, or reopen.
 */
export function CoachingCard({ eventId, reviewState, deleted }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const reads = can(coachingApi.info);
  const info = useCoachingInfo(eventId, reads);
  const [step, setStep] = useState<CoachingStep>();
  if (!reads) return null;
  const coaching = info.data;
  const writes = can(coachingApi.mark) && !deleted;
  const state = coaching?.state ?? 'none';

  const action = (next: CoachingStep, icon: ReactNode, primary = false) => (
    <Button key={next} icon={icon} type={primary ? 'primary' : 'default'} onClick={() => setStep(next)} data-testid={`coaching-${next}`}>
      {t(`coaching.steps.${next}.action`)}
    </Button>
  );
  const actions =
    !writes || !coaching
      ? []
      : state === 'none'
        ? reviewState === 'reviewed'
          ? [action('mark', <FlagOutlined />, true)]
          : []
        : state === 'needsCoaching'
          ? [action('coach', <CheckCircleOutlined />, true), action('dismiss', <StopOutlined />)]
          : [action('reopen', <RollbackOutlined />)];

  return (
    <Card
      size="small"
      title={t('coaching.title')}
      loading={info.isPending}
      data-testid="coaching-card"
      extra={<CoachingStateTag state={state} />}
    >
      {info.isError && !coaching ? (
        <LoadError onRetry={() => void info.refetch()} />
      ) : (
        <Flex vertical gap={12}>
          {coaching && coaching.state !== 'none' && (
            <Descriptions size="small" column={1} data-testid="coaching-facts">
              <Descriptions.Item label={t('coaching.markedBy')}>
                {coaching.markedBy} · {formatTime(coaching.markedTime)}
              </Descriptions.Item>
              {coaching.markNote && <Descriptions.Item label={t('coaching.markNote')}>{coaching.markNote}</Descriptions.Item>}
              {coaching.closedBy && (
                <Descriptions.Item label={t(`coaching.closedBy.${coaching.state}`)}>
                  {coaching.closedBy} · {formatTime(coaching.closedTime)}
                </Descriptions.Item>
              )}
              {coaching.closingNote && (
                <Descriptions.Item label={t(`coaching.closingNote.${coaching.state}`)}>
                  <span data-testid="coaching-closing-note" style={{ whiteSpace: 'pre-wrap' }}>
                    {coaching.closingNote}
                  </span>
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
          {writes && state === 'none' && reviewState !== 'reviewed' && (
            <Typography.Text type="secondary">{t('coaching.reviewFirst')}</Typography.Text>
          )}
          {actions.length > 0 && (
            <Flex wrap gap={8}>
              {actions}
            </Flex>
          )}
        </Flex>
      )}
      {step && <CoachingStepDialog step={step} eventId={eventId} onClose={() => setStep(undefined)} />}
    </Card>
  );
}
