import type { DeviceRecord } from '@safety-shield/contract';
import { Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import { type ListColumns, ListPage, TextFilter, useFilteredList } from '../../shared/ui/list/index.js';
import { ListedTerminalsCard } from '../jt808-terminals/index.js';
import { OrgPicker } from '../orgs/index.js';
import { useDevices } from './api/get-devices.js';
import { dash, OnlineTag } from './components/display.js';
import { booleanFilter } from './components/filters.js';
import { useNarrowRows } from './components/layout.js';
import { OnlineSelect } from './components/OnlineSelect.js';
import { ProvisioningCard } from './components/ProvisioningCard.js';
import { useDevicePermissions } from './components/roles.js';
import { UnmatchedActions } from './components/UnmatchedActions.js';

const FILTERS = { keyword: 'text', companyId: 'id', online: ['true', 'false'] } as const;
/** Someone connecting a device is waiting for it to show up here: refresh as often as the alert count does (SPEC section 4). */
const POLL_MS = 20_000;

/**
 * /devicepage/unMatched: how new devices connect (the provisioning key, JT/T 808 terminals listed in advance), and the
 * connected ones not yet bound to a vehicle.
 */
export function UnmatchedDevicesPage() {
  const { t } = useTranslation();
  const permissions = useDevicePermissions();
  const narrow = useNarrowRows();
  const list = useFilteredList(FILTERS);
  const { keyword, companyId } = list.values;
  const online = booleanFilter(list.values.online);
  const query = useDevices({ page: list.page, limit: list.limit, matched: false, keyword, companyId, online }, POLL_MS);

  // Issue 16: the uuid, whether it is online and whose it is first; versions and times as the width allows.
  const columns: ListColumns<DeviceRecord> = [
    { title: t('devices.uuid'), dataIndex: 'deviceUuid', fixed: narrow ? undefined : 'left', fitWidth: 200 },
    { title: t('devices.name'), dataIndex: 'name', render: dash, priority: 3, fitWidth: 140 },
    {
      title: t('devices.state'),
      dataIndex: 'online',
      render: (value: boolean) => <OnlineTag online={value} />,
      priority: 2,
      fitWidth: 110,
    },
    {
      title: t('devices.protocol'),
      dataIndex: 'protocol',
      // A terminal that registered itself (JT/T 808) belongs to no company until it is bound: what it speaks tells it apart.
      render: (protocol: DeviceRecord['protocol']) => t(`devices.protocols.${protocol}`),
      priority: 3,
      fitWidth: 110,
    },
    { title: t('devices.version'), dataIndex: 'version', render: dash, priority: 5, fitWidth: 110 },
    { title: t('devices.iccid'), dataIndex: 'iccid', render: dash, priority: 4, fitWidth: 200 },
    { title: t('devices.firstOnline'), dataIndex: 'firstOnlineTime', render: formatTime, priority: 4, fitWidth: 180 },
    { title: t('devices.lastOnline'), dataIndex: 'lastOnlineTime', render: formatTime, priority: 3, fitWidth: 180 },
    { title: t('devices.company'), dataIndex: 'companyName', render: dash, priority: 2, fitWidth: 160 },
    ...(permissions.writes
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, record: DeviceRecord) => <UnmatchedActions device={record} compact={narrow} />,
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      {permissions.provisions && <ProvisioningCard choosesCompany={permissions.choosesCompany} />}
      {permissions.listsTerminals && <ListedTerminalsCard choosesCompany={permissions.choosesCompany} />}
      <ListPage
        testId="unmatched-devices"
        query={query}
        list={list}
        filterFields={
          <>
            <TextFilter name="keyword" label={t('devices.keyword')} placeholder={t('devices.keywordPlaceholder')} width={200} />
            {permissions.choosesCompany && (
              <Form.Item name="companyId" label={t('devices.company')}>
                <OrgPicker kind="company" />
              </Form.Item>
            )}
            <Form.Item name="online" label={t('devices.state')}>
              <OnlineSelect />
            </Form.Item>
          </>
        }
        rowKey="deviceId"
        columns={columns}
      />
    </Flex>
  );
}
