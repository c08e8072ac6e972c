import { CloudUploadOutlined, FieldTimeOutlined, MoreOutlined, SettingOutlined } from '@ant-design/icons';
import { canCall, deviceConfigApi, firmwareApi, pathTo } from '@safety-shield/contract';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useIdParamState } from '../../shared/hooks/use-id-param.js';
import { ListPage, useListParams } from '../../shared/ui/list/index.js';
import { useSelfInfo } from '../auth/index.js';
import { useDevices } from './api/get-devices.js';
import { DeviceDetailDrawer } from './components/DeviceDetailDrawer.js';
import { DeviceFilterBar } from './components/DeviceFilterBar.js';
import { useDeviceColumns } from './components/device-columns.js';
import { useExportItems } from './components/ExportButtons.js';
import { DEVICE_FILTERS, deviceFilters } from './components/filters.js';
import { useNarrowRows } from './components/layout.js';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The open detail drawer lives in the URL too, so a link opens the same device. */
const DETAIL_PARAM = 'device';

/** /devicepage/list (Super Admin): every device with all filters, exports, and the per-device actions and detail. */
export function DeviceListPage() {
  const { t } = useTranslation();
  const list = useListParams(DEVICE_FILTERS);
  const narrow = useNarrowRows();
  const filters = useMemo(() => deviceFilters(list.filters), [list.filters]);
  const query = useDevices({ page: list.page, limit: list.limit, ...filters });
  const [detailId, showDetail] = useIdParamState(DETAIL_PARAM);

  const columns = useDeviceColumns({ narrow, onDetail: (device) => showDetail(device.deviceId) });
  const [selected, setSelected] = useState<number[]>([]);
  const role = useSelfInfo().data?.baseInfo.role;
  const configures = canCall(role, deviceConfigApi.batchDispatch);
  const upgrades = canCall(role, firmwareApi.createCampaign);
  const navigate = useNavigate();
  const total = query.data?.total ?? 0;
  /** The configuration editor for the ticked rows, or for every device the filters select. */
  const configure = (target: 'selected' | 'matching') => {
    const params = new URLSearchParams();
    if (target === 'selected') params.set('deviceIds', selected.join(','));
    else {
      params.set('batch', 'filter');
      for (const key of DEVICE_FILTERS) if (list.filters[key]) params.set(key, list.filters[key] ?? '');
    }
    void navigate(pathTo('DeviceConfigSetting', { query: params }));
  };

  /** The online time per day of the devices the filters select (the keyword and organisation filters carry over). */
  const lineSummaryPath = () => {
    const params = new URLSearchParams();
    for (const key of ['keyword', 'agentId', 'companyId', 'fleetId'] as const)
      if (list.filters[key]) params.set(key, list.filters[key] ?? '');
    return pathTo('LineSummary', { query: params });
  };

  const exportItems = useExportItems(filters);
  /** Issue 29: the less used actions fold into "More", so the toolbar keeps to one row in every language at 1440 px. */
  const more: MenuItem[] = [
    ...(configures
      ? [
          {
            key: 'configure-matching',
            icon: <SettingOutlined />,
            label: <span data-testid="configure-matching">{t('devices.configureMatching', { count: total })}</span>,
            disabled: total === 0,
            onClick: () => configure('matching'),
          },
        ]
      : []),
    {
      key: 'online-time',
      icon: <FieldTimeOutlined />,
      // A link (it opens in a new tab too); the item's own click (a key press as well) goes there in this one.
      label: (
        <Link to={lineSummaryPath()} onClick={(event) => event.preventDefault()} data-testid="devices-online-time">
          {t('route.lineSummary')}
        </Link>
      ),
      onClick: () => void navigate(lineSummaryPath()),
    },
    ...exportItems,
  ];

  return (
    <ListPage
      testId="device-list"
      query={query}
      list={list}
      filters={<DeviceFilterBar list={list} filters={filters} />}
      actions={
        // On a phone the buttons wrap instead of running off the card's left edge.
        <Flex wrap justify="flex-end" gap={8} style={{ flex: 1 }} data-testid="devices-toolbar">
          {configures && (
            <Button
              icon={<SettingOutlined />}
              disabled={selected.length === 0}
              onClick={() => configure('selected')}
              data-testid="configure-selected"
            >
              {t('devices.configureSelected', { count: selected.length })}
            </Button>
          )}
          {upgrades && (
            <Button
              icon={<CloudUploadOutlined />}
              disabled={selected.length === 0}
              onClick={() => void navigate(pathTo('UpgradeManager', { query: { deviceIds: selected.join(',') } }))}
              data-testid="upgrade-selected"
            >
              {t('devices.upgradeSelected', { count: selected.length })}
            </Button>
          )}
          <Dropdown trigger={['click']} menu={{ items: more }}>
            <Button icon={<MoreOutlined />} data-testid="devices-more">
              {t('devices.more')}
            </Button>
          </Dropdown>
        </Flex>
      }
      rowKey="deviceId"
      columns={columns}
      rowSelection={
        configures || upgrades
          ? { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }
          : undefined
      }
    >
      <DeviceDetailDrawer deviceId={detailId} onClose={() => showDetail(undefined)} />
    </ListPage>
  );
}
