import { ssoApi } from '@safety-shield/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/index.js';
import { SsoDialog } from './SsoDialog.js';

/** The company list's "Single sign-on" action: shown to those who may keep the setting, opens its dialog. */
export function SsoAction({ company }: { company: { id: number; name: string } }) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(ssoApi.config)) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('sso.action')}
      </Button>
      {open && <SsoDialog company={company} onClose={() => setOpen(false)} />}
    </>
  );
}
