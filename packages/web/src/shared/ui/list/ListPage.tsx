import { Alert, Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListPageProps {
  /** The filter bar, above the table. */
  filters?: ReactNode;
  /** Buttons on the right of the toolbar (add…). */
  actions?: ReactNode;
  /** Set when the list failed to load: shows the error with a retry. */
  onRetry?: (() => void) | undefined;
  children: ReactNode;
  testId?: string;
  /** Inside another card (a tab): no cards of its own. */
  embedded?: boolean;
}

/** The frame every list of the console shares: filters, toolbar, an error state with retry, then the table. */
export function ListPage({ filters, actions, onRetry, children, testId, embedded }: ListPageProps) {
  const { t } = useTranslation();
  const Frame = embedded ? Bare : Card;
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {filters && <Frame size="small">{filters}</Frame>}
      <Frame size="small">
        <Flex vertical gap={12}>
          {actions && (
            <Flex justify="flex-end" gap={8}>
              {actions}
            </Flex>
          )}
          {onRetry && (
            <Alert
              type="error"
              showIcon
              title={t('list.loadError')}
              action={
                <Button size="small" onClick={onRetry}>
                  {t('common.retry')}
                </Button>
              }
            />
          )}
          {children}
        </Flex>
      </Frame>
    </Flex>
  );
}

const Bare = ({ children }: { size?: string; children: ReactNode }) => <div>{children}</div>;
