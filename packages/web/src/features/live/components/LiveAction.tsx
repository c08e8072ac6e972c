import { VideoCameraOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveDialog } from './LiveDialog.js';

interface Props {
  vehicle: { id: number; licensePlate: string; deviceCount: number };
}

/** The vehicle list's "Live" row action: opens the live player of the vehicle's device. */
export function LiveAction({ vehicle }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (vehicle.deviceCount === 0) return null;
  return (
    <>
      <Tooltip title={t('live.action')}>
        <Button type="link" size="small" aria-label={t('live.action')} icon={<VideoCameraOutlined />} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && <LiveDialog vehicleId={vehicle.id} licensePlate={vehicle.licensePlate} open onClose={() => setOpen(false)} />}
    </>
  );
}
