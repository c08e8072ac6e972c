import { type DashboardRange, firmwareApi, mayOpenPage, pathTo } from '@safety-shield/contract';
import { Alert, Col, Descriptions, Empty, Flex, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { statisticText } from '../../../shared/ui/format.js';
import { useCan, useSelfInfo } from '../../auth/index.js';
import { useIncidentFigures, useMaintenance, useQuotaStatus, useRemoteUpgrade } from '../api/get-dashboard.js';
import { Counts, StatusCard, type StatusCardProps } from './StatusCard.js';

/** Maintenance, incidents of the range, remote upgrade and quota status. */
export function StatusBlocks({ range }: { range: DashboardRange }) {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  const incidents = useIncidentFigures(range);
  const upgrade = useRemoteUpgrade();
  const quota = useQuotaStatus();
  // The firmware pages are the Super Admin's: others see the figures without the links.
  const upgrades = useCan()(firmwareApi.campaigns);
  const role = useSelfInfo().data?.baseInfo.role;
  const sourceKey = { subscription: 'sourceSubscription', organisation: 'sourceOrganisation', none: 'sourceNone' } as const;
  return (
    <Row gutter={[16, 16]}>
      <Block name="maintenance" data={maintenance.data}>
        {(m) => (
          <>
            <Statistic title={t('dashboard.maintenance.alerts')} value={m.alerts} formatter={statisticText(0)} />
            <Counts
              textKey="dashboard.maintenance"
              counts={{ offline: m.offline, neverOnline: m.neverOnline, unbound: m.unbound }}
              column={1}
            />
            {/* Issue 29: the devices' pages are reached from here by every role (the device list is the Super Admin's). */}
            <Flex wrap gap={12} data-testid="dashboard-device-links">
              <Link to={pathTo('DeviceMonitor')}>{t('route.deviceMonitor')}</Link>
              {role && mayOpenPage('DeviceMaintenance', role) && (
                <Link to={pathTo('DeviceMaintenance')}>{t('route.deviceMaintenance')}</Link>
              )}
            </Flex>
          </>
        )}
      </Block>
      <Block name="incident" data={incidents.data}>
        {(i) => (
          <>
            <Row gutter={8}>
              <Col span={12}>
                <Statistic
                  title={t('dashboard.incident.total')}
                  value={i.total}
                  formatter={statisticText(0)}
                  valueRender={(n) => <span data-testid="incident-total">{n}</span>}
                />
              </Col>
              <Col span={12}>
                <Statistic title={t('dashboard.incident.unread')} value={i.unread} formatter={statisticText(0)} />
              </Col>
            </Row>
            {i.total === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
            ) : (
              <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
                <Descriptions.Item label={t('dashboard.incident.byType')}>
                  <div>
                    {i.byType.slice(0, 6).map((row) => (
                      <Tag key={row.key}>
                        {t(`events.types.${row.key}`, { defaultValue: row.key })} {row.count}
                      </Tag>
                    ))}
                  </div>
                </Descriptions.Item>
                <Descriptions.Item label={t('dashboard.incident.byTag')}>
                  <div>
                    {i.byTag.slice(0, 6).map((row) => (
                      <Tag key={row.key} color="blue">
                        {tagName(t, row.name) ?? t('dashboard.incident.noTag')} {row.count}
                      </Tag>
                    ))}
                  </div>
                </Descriptions.Item>
              </Descriptions>
            )}
          </>
        )}
      </Block>
      <Block name="upgrade" data={upgrade.data}>
        {(u) => (
          <>
            {!u.tracked && <Alert type="info" showIcon title={t('dashboard.upgrade.none')} style={{ marginBottom: 8 }} />}
            <Counts
              textKey="dashboard.upgrade"
              counts={{ tasks: u.tasks, pending: u.pending, succeeded: u.succeeded, failed: u.failed }}
              column={2}
            />
            {upgrades && (
              <Flex wrap gap={12} data-testid="dashboard-upgrade-links">
                <Link to={pathTo('UpgradeManager')}>{t('route.upgradeManager')}</Link>
                <Link to={pathTo('UpgradeList')}>{t('route.upgradeList')}</Link>
              </Flex>
            )}
          </>
        )}
      </Block>
      <Block name="quota" data={quota.data}>
        {(q) =>
          q.holder === 'none' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.quota.noHolder')} />
          ) : (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.quota.holder')}>
                {q.holder === 'platform' ? t('dashboard.quota.platform') : q.holderName}
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.quota.source')}>{t(`dashboard.quota.${sourceKey[q.source]}`)}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.quota.used')}>{q.used}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.quota.total')}>{q.total ?? t('dashboard.cards.noLimit')}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.quota.remaining')}>{q.remaining ?? '—'}</Descriptions.Item>
              {(q.holder === 'platform' || q.holder === 'agent') && (
                <Descriptions.Item label={t('dashboard.quota.companiesFull')}>{q.companiesFull}</Descriptions.Item>
              )}
            </Descriptions>
          )
        }
      </Block>
    </Row>
  );
}

/** One of the four blocks: a quarter of the row on a wide screen, half on a tablet, the whole width on a phone. */
function Block<T>(props: StatusCardProps<T>) {
  return (
    <Col xs={24} md={12} xl={6}>
      <StatusCard {...props} />
    </Col>
  );
}
