import { Card, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelfInfo } from '../auth/index.js';
import { MaintenanceSwitch } from '../maintenance/index.js';

/** The first dashboard: who you are and which organisation you act for (the figures come with later issues). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  if (!info) return <Skeleton active />;
  const { baseInfo } = info;
  const roleKey: string = `roles.${baseInfo.role}`;
  const organisation = [baseInfo.agentName, baseInfo.companyName, baseInfo.fleetName].filter(Boolean).join(' / ');
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('dashboard.welcome', { name: baseInfo.realName || baseInfo.username })}
        </Typography.Title>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.account')} data-testid="dashboard-account">
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
      {baseInfo.role === 'SUPER_ADMIN' && (
        <Col xs={24} lg={12}>
          <MaintenanceSwitch />
        </Col>
      )}
    </Row>
  );
}
