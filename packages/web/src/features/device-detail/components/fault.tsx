import type { DeviceFaultCode } from '@safety-shield/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A fault in words, with its camera: "Camera signal lost · channel 2". The names are the maintenance page's
 * (`deviceAlerts.codes`), read by key: every feature's texts are loaded together.
 */
export const faultText = (t: TFunction, code: DeviceFaultCode, channel: number | null) =>
  channel === null ? t(`deviceAlerts.codes.${code}`) : `${t(`deviceAlerts.codes.${code}`)} · ${t('deviceAlerts.channel', { channel })}`;

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
