import { ArrowLeftOutlined } from '@ant-design/icons';
import { pathTo } from '@safety-shield/contract';
import { Alert, Button, Card, Col, Flex, Result, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MapView, Marker } from '../../shared/map/index.js';
import { formatTime } from '../../shared/ui/format.js';
import { numberFilter } from '../../shared/ui/list/index.js';
import { CoachingCard } from '../coaching/index.js';
import { ShareButton } from '../public-incidents/index.js';
import { useIncident } from './api/get-incident.js';
import { CommentsPanel } from './components/CommentsPanel.js';
import { ReviewBadge, TypeTag } from './components/display.js';
import { EvidenceAccessPanel } from './components/EvidenceAccessPanel.js';
import { EvidenceSection } from './components/EvidenceSection.js';
import { HistoryTimeline } from './components/HistoryTimeline.js';
import { IncidentFacts } from './components/IncidentFacts.js';
import { useIncidentPermissions } from './components/permissions.js';
import { ReviewButton } from './components/ReviewButton.js';
import { EvidenceRequestPanel } from './evidence-requests/index.js';

/** /event/:eventId: one incident with its evidence first, then its place and facts; review, comments, history and evidence access beside. */
export function IncidentDetailPage() {
  const { t } = useTranslation();
  const eventId = numberFilter(useParams().eventId);
  const can = useIncidentPermissions();
  const query = useIncident(eventId);
  const incident = query.data;

  if (eventId === undefined || query.isError)
    return (
      <Result
        status="warning"
        title={t('events.notFound')}
        extra={
          <Link to={pathTo('EventList')}>
            <Button>{t('events.backToList')}</Button>
          </Link>
        }
      />
    );
  if (!incident) return <Spin style={{ display: 'block', margin: 48 }} />;

  const position: [number, number] | null = incident.lat !== null && incident.lng !== null ? [incident.lat, incident.lng] : null;
  return (
    <Flex vertical gap={16} data-testid="event-detail">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap size="middle">
            <Link to={pathTo('EventList')} aria-label={t('events.backToList')}>
              <ArrowLeftOutlined />
            </Link>
            <TypeTag type={incident.type} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {incident.licensePlate ? (
                <Link to={pathTo('VehicleList', { licensePlate: incident.licensePlate })}>{incident.licensePlate}</Link>
              ) : (
                '—'
              )}
            </Typography.Title>
            <Typography.Text type="secondary">{formatTime(incident.triggerTime)}</Typography.Text>
            <span data-testid="review-state">
              <ReviewBadge state={incident.reviewState} />
            </span>
            {incident.latestReviewer && (
              <Typography.Text type="secondary">
                {t('events.reviewedBy', { name: incident.latestReviewer, time: formatTime(incident.reviewTime) })}
              </Typography.Text>
            )}
          </Space>
          {can.writes && !incident.deletedTime && (
            // Long labels (Russian) put the two buttons on two lines on a phone rather than past its edge.
            <Space wrap>
              <ShareButton eventIds={[incident.eventId]} />
              <ReviewButton incident={incident} />
            </Space>
          )}
        </Flex>
        {incident.deletedTime && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('events.inRecycleBin')} />}
      </Card>
      <Row gutter={[16, 16]}>
        {/* Issue 29: the evidence first, where the eye lands; the place and the device's facts after it. */}
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <EvidenceSection eventId={incident.eventId} resources={incident.resources} incidentChannel={incident.channel} />
            <EvidenceRequestPanel incident={incident} canWrite={can.asksEvidence} />
            <Card size="small" title={t('events.location')}>
              <MapView
                label={t('events.mapLabel')}
                center={position ?? undefined}
                zoom={position ? 15 : 2}
                height={320}
                data-testid="event-map"
              >
                {position && <Marker position={position} tooltip={incident.licensePlate ?? incident.deviceUuid} />}
                {!position && (
                  <div className="ss-map-overlay" style={{ top: 12, left: 12, right: 12 }}>
                    <Alert type="info" showIcon title={t('events.noPosition')} />
                  </div>
                )}
              </MapView>
            </Card>
            <IncidentFacts incident={incident} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <CoachingCard eventId={incident.eventId} reviewState={incident.reviewState} deleted={incident.deletedTime !== null} />
            <CommentsPanel eventId={incident.eventId} canWrite={can.writes && !incident.deletedTime} />
            <HistoryTimeline eventId={incident.eventId} />
            {can.auditsEvidence && <EvidenceAccessPanel eventId={incident.eventId} />}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
