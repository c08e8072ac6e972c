import { FileZipOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEvidence } from '../api/download-evidence.js';
import { formatBytes } from './evidence-format.js';

interface Props {
  eventIds: number[];
  /** Shows how many incidents are chosen (the list's batch button). */
  counted?: boolean;
  size?: 'small' | 'middle';
}

/** Saves the stored evidence of the incidents as one zip, showing the bytes received while it downloads. */
export function EvidenceZipButton({ eventIds, counted, size }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | null>(null);
  const label = counted ? t('events.downloadEvidenceCount', { count: eventIds.length }) : t('events.downloadEvidence');
  return (
    <Button
      icon={<FileZipOutlined />}
      size={size}
      loading={received !== null}
      disabled={eventIds.length === 0}
      data-testid="evidence-zip"
      onClick={async () => {
        setReceived(0);
        const saved = await downloadEvidence(eventIds, setReceived);
        setReceived(null);
        if (saved) message.success(t('events.evidenceSaved'));
      }}
    >
      {received === null ? label : t('events.downloadingEvidence', { size: formatBytes(received) })}
    </Button>
  );
}
