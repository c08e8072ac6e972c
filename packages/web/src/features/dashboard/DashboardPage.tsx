import { canCall, type DashboardRange, dashboardRanges, maintenanceApi, safetyScoreApi } from '@safety-shield/contract';
import { Card, Col, Descriptions, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../shared/time/zone.js';
import { useCan, useSelfInfo } from '../auth/index.js';
import { MaintenanceSwitch } from '../maintenance/index.js';
import { useToDay } from './api/get-dashboard.js';
import { logDashboardOpened } from './api/log-open.js';
import { FleetTable } from './components/FleetTable.js';
import { IncidentCharts } from './components/IncidentCharts.js';
import { QuickStart } from './components/QuickStart.js';
import { SafetyScoreCard } from './components/SafetyScoreCard.js';
import { StatCards } from './components/StatCards.js';
import { StatusBlocks } from './components/StatusBlocks.js';
import { SubscriptionCard } from './components/SubscriptionCard.js';
import './dashboard.css';

/** `/dashboard` (SPEC section 2): who you are, the fleet at a glance, and the range's incidents; every figure from /v1/dashboard. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  const { data: today } = useToDay();
  const timeZone = useTimeZone();
  const [range, setRange] = useState<DashboardRange>('last7Days');
  const rangeRef = useRef<HTMLDivElement>(null);
  const can = useCan();
  // The operation log records each opening of the page (once per mount: the tab cache keeps it mounted).
  useEffect(() => {
    void logDashboardOpened();
  }, []);
  if (!info) return <Skeleton active />;
  const { baseInfo } = info;
  const roleKey: string = `roles.${baseInfo.role}`;
  const organisation = [baseInfo.agentName, baseInfo.companyName, baseInfo.fleetName].filter(Boolean).join(' / ');
  // The blocks that show the chosen range, each the page's whole width; the safety score only for who may read it.
  const rangeBlocks = [
    { key: 'status', Block: StatusBlocks },
    { key: 'incidents', Block: IncidentCharts },
    ...(can(safetyScoreApi.list) ? [{ key: 'safety', Block: SafetyScoreCard }] : []),
    { key: 'fleets', Block: FleetTable },
  ];
  return (
    <Row gutter={[16, 16]} className="dashboard">
      <Col span={24}>
        <div className="dashboard-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('dashboard.welcome', { name: baseInfo.realName || baseInfo.username })}
          </Typography.Title>
          <Space wrap ref={rangeRef} data-testid="dashboard-range">
            <span>{t('dashboard.range.label')}</span>
            <Select<DashboardRange>
              value={range}
              onChange={setRange}
              style={{ minWidth: 180 }}
              options={dashboardRanges.map((r) => ({ value: r, label: t(`dashboard.range.${r}`) }))}
              aria-label={t('dashboard.range.label')}
              data-testid="dashboard-range-select"
            />
          </Space>
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="dashboard-day-note">
          {/* The shell names the zone (issue 16); the server's days are named only should they be another zone's. */}
          {today && today.timeZone !== timeZone && `${t('dashboard.timeZone', { zone: today.timeZone })} · `}
          {t('dashboard.refreshHint')}
        </Typography.Text>
      </Col>
      <Col span={24}>
        <StatCards />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <Card title={t('dashboard.account')} size="small" data-testid="dashboard-account" style={{ height: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('dashboard.username')}>{baseInfo.username}</Descriptions.Item>
            <Descriptions.Item label={t('dashboard.role')}>
              <span data-testid="dashboard-role">{t(roleKey)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.organisation')}>
              <span data-testid="dashboard-organisation">{organisation || t('dashboard.wholePlatform')}</span>
            </Descriptions.Item>
            {baseInfo.agentName && <Descriptions.Item label={t('dashboard.agent')}>{baseInfo.agentName}</Descriptions.Item>}
            {baseInfo.companyName && <Descriptions.Item label={t('dashboard.company')}>{baseInfo.companyName}</Descriptions.Item>}
            {baseInfo.fleetName && <Descriptions.Item label={t('dashboard.fleet')}>{baseInfo.fleetName}</Descriptions.Item>}
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <SubscriptionCard />
      </Col>
      <Col xs={24} lg={24} xl={8}>
        <QuickStart rangeRef={rangeRef} />
      </Col>
      {rangeBlocks.map(({ key, Block }) => (
        <Col key={key} span={24}>
          <Block range={range} />
        </Col>
      ))}
      {canCall(baseInfo.role, maintenanceApi.setState) && (
        <Col xs={24} lg={12}>
          <MaintenanceSwitch />
        </Col>
      )}
    </Row>
  );
}
