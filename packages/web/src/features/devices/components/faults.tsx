import { ToolOutlined, WarningFilled } from '@ant-design/icons';
import type { DeviceFaultCode, DeviceOpenFault } from '@safety-shield/contract';
import { Flex, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';

/**
 * A fault in words, with its camera: "Camera signal lost · channel 2". The names are the maintenance page's
 * (`deviceAlerts.codes`), read by key: every feature's texts are loaded together.
 */
export const faultText = (t: TFunction, code: DeviceFaultCode, channel: number | null) =>
  channel === null ? t(`deviceAlerts.codes.${code}`) : `${t(`deviceAlerts.codes.${code}`)} · ${t('deviceAlerts.channel', { channel })}`;

/**
 * One open fault of a device list row: a red warning while nobody handled it, blue once someone took it on (the
 * maintenance page's colours), named in the reader's language; the icon says which, the hint since when.
 */
function FaultBadge({ code, channel, handled, raisedTime }: DeviceOpenFault) {
  const { t } = useTranslation();
  const state = t(handled ? 'devices.faults.handledFault' : 'devices.faults.pendingFault');
  const Icon = handled ? ToolOutlined : WarningFilled;
  return (
    <Tooltip title={t(handled ? 'devices.faults.handledSince' : 'devices.faults.pendingSince', { time: formatTime(raisedTime) })}>
      <Tag
        color={handled ? 'processing' : 'error'}
        icon={<Icon aria-label={state} />}
        data-testid="device-fault"
        data-code={code}
        data-handled={handled}
        style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
      >
        {faultText(t, code, channel)}
        {handled && ` (${t('deviceAlerts.states.handled')})`}
      </Tag>
    </Tooltip>
  );
}

/** What still fails on a device, below its state in the list (issue 29: "Online" alone hid a lost camera). */
export function DeviceFaults({ faults }: { faults: readonly DeviceOpenFault[] }) {
  if (faults.length === 0) return null;
  return (
    <Flex wrap gap={4} data-testid="device-faults">
      {faults.map((fault) => (
        <FaultBadge key={`${fault.code}/${fault.channel}`} {...fault} />
      ))}
    </Flex>
  );
}
