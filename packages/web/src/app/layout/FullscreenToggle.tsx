import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from './HeaderAction.js';

/** The header's fullscreen switch (SPEC section 2): a browser without the Fullscreen API gets a warning. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  // Esc leaves fullscreen without a click: follow the document, not our own clicks.
  useEffect(() => {
    const follow = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) return void message.warning(t('navbar.fullscreenUnsupported'));
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => message.warning(t('navbar.fullscreenUnsupported')));
  };

  return (
    <HeaderAction label={fullscreen ? t('navbar.exitFullscreen') : t('navbar.fullscreen')} testId="fullscreen-toggle" onClick={toggle}>
      {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </HeaderAction>
  );
}
