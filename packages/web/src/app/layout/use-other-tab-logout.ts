import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth/index.js';
import { tokenReplacedElsewhere } from '../../shared/auth/token.js';

/**
 * SPEC section 4, multi-tab: when this tab comes back into view and another tab has logged in or out since,
 * say so (OK only) and log this tab out too.
 */
export function useOtherTabLogout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const signOut = useSignOut();
  useEffect(() => {
    let shown = false;
    const check = () => {
      if (document.visibilityState !== 'visible' || shown || !tokenReplacedElsewhere()) return;
      shown = true;
      modal.warning({ title: t('http.otherTabLogout'), okText: t('common.ok'), closable: false, keyboard: false, onOk: signOut });
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [modal, signOut, t]);
}
