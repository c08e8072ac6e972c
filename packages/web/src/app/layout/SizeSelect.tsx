import { FontSizeOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { sizes, type UiSize } from '../../shared/preferences/cookies.js';
import { usePreferences } from '../../shared/preferences/PreferencesProvider.js';
import { useViews } from '../tabs/ViewsProvider.js';

/** The global size of SPEC section 9, remembered in a cookie; a change shows every view afresh (CONSOLE.md). */
export function SizeSelect() {
  const { t } = useTranslation();
  const { size, setSize } = usePreferences();
  const { message } = App.useApp();
  const { resetCacheAndRefresh } = useViews();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((key) => ({ key, label: t(`navbar.sizes.${key}`) })),
        onClick: ({ key }) => {
          if (key === size) return;
          setSize(key as UiSize);
          resetCacheAndRefresh();
          message.success(t('navbar.switchSize'));
        },
      }}
    >
      <button type="button" className="header-action" aria-label={t('navbar.size')} data-testid="size-select">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
