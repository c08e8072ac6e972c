import { EllipsisOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from './HeaderAction.js';

/**
 * On a phone the header's secondary buttons (fullscreen, language, size, settings) sit behind one button (issue 16):
 * all of them in a row would make the page scroll sideways. The buttons stay mounted while the panel is closed, so a
 * drawer they opened stays open.
 */
export function HeaderMore({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!narrow) return children;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      // Under drawers (1000): the settings panel opened from here covers it instead of showing beneath it.
      zIndex={999}
      content={
        <div className="header-more" data-testid="header-more-panel">
          {children}
        </div>
      }
    >
      <span className="header-more-trigger">
        <HeaderAction label={t('navbar.more')} testId="header-more" expanded={open} onClick={() => undefined}>
          <EllipsisOutlined />
        </HeaderAction>
      </span>
    </Popover>
  );
}
