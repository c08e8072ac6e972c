import { Button, Col, Result, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { ApiError } from '../../shared/http/client.js';
import { displayTimeZone } from '../../shared/time/zone.js';
import { formatTime } from '../../shared/ui/format.js';
import { PublicFrame } from '../../shared/ui/PublicFrame.js';
import { usePublicIncidents } from './api/get-public-incidents.js';
import { PublicIncidentCard } from './components/PublicIncidentCard.js';
import './public-incidents.css';

/** Answers of the API that mean the link itself is no good (forged, expired, withdrawn, cut short). */
const INVALID_LINK = ['PERMISSION_TOKEN_FAIL', 'PERMISSION_CHECK_FAIL', 'PARAM_CHECK_FAIL'];

/**
 * /1ncident (public, SPEC section 2): the incidents a signed share link grants, without a session and without the
 * console's shell: type, time in the browser's time zone, speed, a small map, pictures and videos, the link's expiry.
 */
export function PublicIncidentsPage() {
  const { t } = useTranslation();
  usePageTitle('incidentList');
  const token = useSearchParams()[0].get('token');
  const query = usePublicIncidents(token);
  // The zone formatTime writes in (issue 16): the browser's here, where nobody is signed in.
  const zone = displayTimeZone();

  let body: React.ReactNode;
  if (!token) {
    body = (
      <Result
        status="info"
        title={t('publicIncidents.missingTitle')}
        subTitle={t('publicIncidents.missingText')}
        data-testid="public-missing"
      />
    );
  } else if (query.isPending) {
    body = <Spin size="large" style={{ display: 'block', margin: 64 }} />;
  } else if (query.isError) {
    const invalid = query.error instanceof ApiError && INVALID_LINK.includes(query.error.codeKey ?? '');
    body = invalid ? (
      <Result
        status="warning"
        title={t('publicIncidents.invalidTitle')}
        subTitle={t('publicIncidents.invalidText')}
        data-testid="public-invalid"
      />
    ) : (
      <Result
        status="error"
        title={t('publicIncidents.errorTitle')}
        subTitle={query.error.message}
        data-testid="public-error"
        extra={<Button onClick={() => void query.refetch()}>{t('publicIncidents.retry')}</Button>}
      />
    );
  } else if (query.data.records.length === 0) {
    body = (
      <Result status="404" title={t('publicIncidents.emptyTitle')} subTitle={t('publicIncidents.emptyText')} data-testid="public-empty" />
    );
  } else {
    body = (
      <>
        <div className="public-incidents-summary">
          <Typography.Text strong data-testid="public-count">
            {t('publicIncidents.count', { count: query.data.records.length })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="public-expiry">
            {t('publicIncidents.expires', { time: formatTime(query.data.expireTime) })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('publicIncidents.timeZone', { zone })}</Typography.Text>
        </div>
        <Row gutter={[16, 16]}>
          {query.data.records.map((incident) => (
            <Col key={incident.eventId} xs={24} lg={12}>
              <PublicIncidentCard incident={incident} />
            </Col>
          ))}
        </Row>
      </>
    );
  }

  return (
    <PublicFrame
      className="public-incidents-page"
      testId="public-incidents"
      subtitle={t('publicIncidents.subtitle')}
      title={t('publicIncidents.title')}
    >
      {body}
    </PublicFrame>
  );
}
