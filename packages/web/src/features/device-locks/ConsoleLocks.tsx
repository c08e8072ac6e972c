import { LinkOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { canCall, type DeviceLockRecord, deviceLockApi, type Role } from '@safety-shield/contract';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../shared/hooks/use-media-query.js';
import { actorText, formatTime } from '../../shared/ui/format.js';
import { actionsColumn, ListPage, SelectFilter, TextFilter, useFilteredList } from '../../shared/ui/list/index.js';
import { isBlocked, useBatchLock, useLockList, useSaveLock } from './api/locks.js';
import { InstallerLinkDialog } from './components/InstallerLinkDialog.js';
import { LockState } from './components/LockState.js';
import { OpenLinks } from './components/OpenLinks.js';
import { PinDialog } from './components/PinDialog.js';
import { TamperCell, TamperDrawer } from './components/Tampers.js';

const FILTERS = { keyword: 'text', state: ['locked', 'unlocked'] } as const;

/** A PIN action under way: one device, or the ticked ones. */
type Asked = { locking: boolean; devices: DeviceLockRecord[] };

/** Narrow screens: a row's action as an icon with its name in a tooltip. */
function RowAction({ locking, compact, disabled, onClick }: { locking: boolean; compact: boolean; disabled: boolean; onClick(): void }) {
  const { t } = useTranslation();
  const label = t(locking ? 'deviceLocks.lockAction' : 'deviceLocks.unlockAction');
  const icon = locking ? <LockOutlined /> : <UnlockOutlined />;
  const testId = locking ? 'lock-action' : 'unlock-action';
  if (!compact)
    return (
      <Button type="link" size="small" icon={icon} onClick={onClick} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    );
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="link" size="small" icon={icon} aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId} />
    </Tooltip>
  );
}

/** The toolbar's lock (or unlock) of the ticked devices it would change; none to change, it is greyed out. */
function BatchAction({ locking, devices, onAsk }: { locking: boolean; devices: DeviceLockRecord[]; onAsk(asked: Asked): void }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={locking ? <LockOutlined /> : <UnlockOutlined />}
      disabled={devices.length === 0}
      onClick={() => onAsk({ locking, devices })}
      data-testid={locking ? 'lock-selected' : 'unlock-selected'}
    >
      {t(locking ? 'deviceLocks.lockSelected' : 'deviceLocks.unlockSelected', { count: devices.length })}
    </Button>
  );
}

/**
 * `/device/setting` signed in: the devices of the caller's scope with their locks (wanted, confirmed, refused local
 * actions), locked and unlocked one by one or ticked together; the Super Admin also hands out installer links.
 */
export function ConsoleLocks({ role }: { role: Role }) {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const state = list.values.state;
  const query = useLockList(
    { page: list.page, limit: list.limit, keyword: list.values.keyword, locked: state === undefined ? undefined : state === 'locked' },
    true,
  );
  const compact = useMediaQuery('(max-width: 575px)');
  const writes = canCall(role, deviceLockApi.save);
  const issuesLinks = canCall(role, deviceLockApi.issueLink);
  const superAdmin = role === 'SUPER_ADMIN';
  const [selected, setSelected] = useState<DeviceLockRecord[]>([]);
  const [asked, setAsked] = useState<Asked>();
  const [linkFor, setLinkFor] = useState<DeviceLockRecord[]>();
  const [tampersOf, setTampersOf] = useState<DeviceLockRecord>();
  const save = useSaveLock();
  const batch = useBatchLock();

  const change = async ({ locking, devices }: Asked, pin: string | undefined) => {
    const [only] = devices;
    if (devices.length === 1 && only) await save.mutateAsync({ deviceId: only.deviceId, locked: locking, pin });
    else await batch.mutateAsync({ deviceIds: devices.map((device) => device.deviceId), locked: locking, pin });
    setSelected([]);
  };
  const subjectOf = (devices: DeviceLockRecord[]) =>
    devices.length === 1 ? (devices[0]?.deviceUuid ?? '') : t('deviceLocks.devices', { count: devices.length });
  const toLock = selected.filter((device) => !device.locked);
  const toUnlock = selected.filter((device) => device.locked);

  return (
    <Flex vertical gap={16}>
      <ListPage<DeviceLockRecord>
        testId="device-locks"
        query={query}
        list={list}
        filterFields={
          <>
            <TextFilter name="keyword" label={t('deviceLocks.keyword')} placeholder={t('deviceLocks.keywordPlaceholder')} />
            <SelectFilter name="state" label={t('deviceLocks.state')} width={150} values={FILTERS.state} textKey="deviceLocks.filter" />
          </>
        }
        actions={
          writes || issuesLinks ? (
            <Flex wrap gap={8} justify="flex-end">
              {writes && (
                <>
                  <BatchAction locking devices={toLock} onAsk={setAsked} />
                  <BatchAction locking={false} devices={toUnlock} onAsk={setAsked} />
                </>
              )}
              {issuesLinks && (
                <Button
                  type="primary"
                  icon={<LinkOutlined />}
                  disabled={selected.length === 0 || selected.length > 100}
                  onClick={() => setLinkFor(selected)}
                  data-testid="lock-link"
                >
                  {t('deviceLocks.link.action', { count: selected.length })}
                </Button>
              )}
            </Flex>
          ) : undefined
        }
        rowKey="deviceId"
        rowSelection={
          writes || issuesLinks
            ? {
                selectedRowKeys: selected.map((device) => device.deviceId),
                onChange: (_keys: Key[], rows: DeviceLockRecord[]) => setSelected(rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        columns={[
          {
            key: 'device',
            title: t('deviceLocks.device'),
            fitWidth: 190,
            render: (_, row) => (
              <Flex vertical gap={compact ? 4 : 0} align="flex-start">
                <Typography.Text strong className="lock-uuid">
                  {row.deviceUuid}
                </Typography.Text>
                {row.deviceName && <Typography.Text type="secondary">{row.deviceName}</Typography.Text>}
                {/* A phone has no room for a column of its own: the lock goes under the device. */}
                {compact && <LockState record={row} online={row.online} />}
              </Flex>
            ),
          },
          ...(compact
            ? []
            : [
                {
                  key: 'state',
                  title: t('deviceLocks.state'),
                  priority: 1,
                  fitWidth: 220,
                  render: (_: unknown, row: DeviceLockRecord) => <LockState record={row} online={row.online} />,
                },
              ]),
          { key: 'plate', title: t('deviceLocks.vehicle'), priority: 2, fitWidth: 120, render: (_, row) => row.licensePlate ?? '—' },
          {
            key: 'tamper',
            title: t('deviceLocks.tamper.column'),
            priority: 3,
            fitWidth: 210,
            render: (_, row) => <TamperCell record={row} onOpen={() => setTampersOf(row)} />,
          },
          {
            key: 'changed',
            title: t('deviceLocks.changed'),
            priority: 4,
            fitWidth: 170,
            render: (_, row) =>
              row.changeTime === null ? (
                '—'
              ) : (
                <Flex vertical gap={0}>
                  <span>{formatTime(row.changeTime)}</span>
                  <Typography.Text type="secondary">{actorText(row.changedBy)}</Typography.Text>
                </Flex>
              ),
          },
          ...(writes
            ? [
                actionsColumn<DeviceLockRecord>(
                  t('list.actions'),
                  (row) => (
                    <RowAction
                      locking={!row.locked}
                      compact={compact}
                      disabled={!superAdmin && isBlocked(row)}
                      onClick={() => setAsked({ locking: !row.locked, devices: [row] })}
                    />
                  ),
                  compact ? 48 : 110,
                ),
              ]
            : []),
        ]}
      >
        <TamperDrawer device={tampersOf} onClose={() => setTampersOf(undefined)} />
      </ListPage>
      {issuesLinks && <OpenLinks />}
      {asked && (
        <PinDialog
          locking={asked.locking}
          subject={subjectOf(asked.devices)}
          withoutPin={!asked.locking && superAdmin}
          onSubmit={(pin) => change(asked, pin)}
          onClose={() => setAsked(undefined)}
        />
      )}
      {linkFor && <InstallerLinkDialog devices={linkFor} onClose={() => setLinkFor(undefined)} />}
    </Flex>
  );
}
