import { Tabs, type TabsProps, theme } from 'antd';

/**
 * A page's tabs (statistics, report): the tab bar on the container's colour, as the cards are, so the selected tab's
 * theme colour reads on it (AA); hidden tabs are unmounted. Tabs that do not fit a phone's width wrap (`wrapping-tabs`).
 */
export function PageTabs(props: TabsProps) {
  const { token } = theme.useToken();
  return (
    <Tabs
      destroyOnHidden
      tabBarStyle={{ background: token.colorBgContainer, paddingInline: 12, borderRadius: token.borderRadiusLG }}
      {...props}
      className={['wrapping-tabs', props.className].filter(Boolean).join(' ')}
    />
  );
}
