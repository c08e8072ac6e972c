import { AlertFilled, AlertOutlined, HistoryOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { type Role, type SosEntry, sosApi } from '@safety-shield/contract';
import { App, Badge, Button, Empty, Popover, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/index.js';
import { useActiveSos, useCloseSos, useSosCount } from '../api/sos.js';
import { useSosFeed } from '../use-sos-feed.js';
import { beep, isMuted, saveMuted } from './alarm.js';
import { SosActions } from './SosActions.js';
import { SosHistory } from './SosHistory.js';
import './focus-board.css';

/**
 * The Focus Board (SPEC section 2): a header icon with the count of open S.O.S, a card of them that opens by itself
 * (with a beep the user can mute) the moment one starts, and the history.
 */
export function FocusBoard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [muted, setMuted] = useState(isMuted);
  const can = useCan();
  // Not before the first-login password change or the terms: the server would refuse it.
  const count = useSosCount(can(sosApi.count)).data?.count ?? 0;
  const active = useActiveSos(open);
  const close = useCloseSos();
  useSosFeed((push) => {
    if (push.state !== 'started') return;
    setOpen(true);
    beep();
  });

  const toggleMute = () => {
    saveMuted(!muted);
    setMuted(!muted);
  };
  const closeOne = (entry: SosEntry) =>
    close.mutate(entry.id, { onSuccess: () => void message.success(t('sos.closed', { plate: entry.licensePlate ?? entry.deviceUuid })) });

  const card = (
    <div className="sos-card" data-testid="sos-card">
      {active.isLoading ? (
        <Spin />
      ) : (active.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sos.none')} />
      ) : (
        <ul className="sos-list">
          {(active.data ?? []).map((entry) => (
            <li key={entry.id} className="sos-item" data-testid="sos-item">
              <div className="sos-item-head">
                <strong data-testid="sos-plate">{entry.licensePlate ?? entry.deviceUuid}</strong>
                <Tag color={entry.state === 'active' ? 'red' : 'orange'}>{t(`sos.states.${entry.state}`)}</Tag>
              </div>
              <div className="sos-item-time">
                {t('sos.startedAt')}: {entry.startLocalTime ?? '—'}
              </div>
              <div className="sos-item-foot">
                <SosActions sos={entry} role={role} onNavigate={() => setOpen(false)} />
                {can(sosApi.close) && (
                  <Button
                    size="small"
                    danger
                    onClick={() => closeOne(entry)}
                    loading={close.isPending && close.variables === entry.id}
                    data-testid="sos-close"
                  >
                    {t('sos.close')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="sos-card-foot">
        <Button
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => {
            setOpen(false);
            setHistoryOpen(true);
          }}
          data-testid="sos-history-open"
        >
          {t('sos.history')}
        </Button>
      </div>
    </div>
  );

  const title = (
    <div className="sos-card-title">
      <span>{t('sos.title')}</span>
      <Tooltip title={muted ? t('sos.unmute') : t('sos.mute')}>
        <Button
          type="text"
          size="small"
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          onClick={toggleMute}
          aria-label={muted ? t('sos.unmute') : t('sos.mute')}
          aria-pressed={muted}
          data-testid="sos-mute"
        />
      </Tooltip>
    </div>
  );

  return (
    <>
      <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={title} content={card}>
        <button type="button" className="header-action" aria-label={t('sos.open', { count })} data-testid="sos-board">
          <Badge count={count} size="small" data-testid="sos-count">
            {count > 0 ? <AlertFilled className="sos-icon alarm" /> : <AlertOutlined className="sos-icon" />}
          </Badge>
        </button>
      </Popover>
      <SosHistory open={historyOpen} onClose={() => setHistoryOpen(false)} role={role} />
    </>
  );
}
