import type { DeviceAlert, DeviceAlertState, DeviceFaultCode } from '@safety-shield/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { StateTag } from '../../../shared/ui/StateTag.js';
import { faultText } from '../../devices/index.js';

/** A fault in words, as the device list names it. */
export { faultText };

/** An open fault: red while nobody handled it, blue once someone took it on (the maintenance page's colours). */
export function FaultTag({ code, channel, handled }: { code: DeviceFaultCode; channel: number | null; handled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={handled ? 'blue' : 'red'}
      data-testid="device-fault"
      data-handled={handled}
      style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
    >
      {faultText(t, code, channel)}
      {handled && ` (${t('deviceAlerts.states.handled')})`}
    </Tag>
  );
}

/** The maintenance page's colours: red waits for someone, blue is taken on, green is gone. */
const stateColours: Record<DeviceAlertState, string> = { pending: 'red', handled: 'blue', cleared: 'green' };

/** Where an alert stands, in the maintenance page's colours. */
export function AlertStateTag({ state, testId }: { state: DeviceAlertState; testId: string }) {
  return <StateTag value={state} colours={stateColours} textKey="deviceAlerts.states" testId={testId} />;
}

/** Who handled an alert and when, with the note they left; a dash while nobody has. */
export function HandledBy({ alert }: { alert: Pick<DeviceAlert, 'handledBy' | 'handledTime' | 'note'> }) {
  if (alert.handledTime === null) return '—';
  return (
    <Flex vertical>
      <span>
        {alert.handledBy ?? '—'} · {formatTime(alert.handledTime)}
      </span>
      {alert.note && <Typography.Text type="secondary">{alert.note}</Typography.Text>}
    </Flex>
  );
}
