import { Checkbox, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LivePlayer } from './LivePlayer.js';

interface Props {
  vehicleId: number;
  licensePlate: string;
  open: boolean;
  onClose(): void;
}

/** A vehicle's live video: channel choice, and the chosen channels side by side (channel 1 plays at once). */
export function LiveDialog({ vehicleId, licensePlate, open, onClose }: Props) {
  const { t } = useTranslation();
  const [channels, setChannels] = useState(1);
  const [chosen, setChosen] = useState<number[]>([1]);
  const options = Array.from({ length: channels }, (_, i) => ({ value: i + 1, label: t('live.channel', { channel: i + 1 }) }));
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={chosen.length > 1 ? 1000 : 560}
      title={t('live.title', { plate: licensePlate })}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('live.channels')}</Typography.Text>
          <Checkbox.Group
            data-testid="live-channels"
            options={options}
            value={chosen}
            onChange={(values) => setChosen([...values].sort((a, b) => a - b))}
          />
        </Flex>
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: `repeat(auto-fit, minmax(${chosen.length > 1 ? 300 : 480}px, 1fr))` }}>
          {chosen.map((channel) => (
            <LivePlayer key={channel} vehicleId={vehicleId} channel={channel} autoPlay onChannels={setChannels} />
          ))}
        </div>
        <Typography.Text type="secondary">{t('live.idleHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
