import { Descriptions, type DescriptionsProps } from 'antd';

/** A vehicle's figures side by side, up to five in a row (one a line on a phone). */
export function FactsRow({ testId, items }: { testId: string; items: DescriptionsProps['items'] }) {
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 5 }} data-testid={testId} items={items} />;
}
