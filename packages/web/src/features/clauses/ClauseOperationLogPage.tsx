import { Card, Flex } from 'antd';
import { OperationLog } from '../logs/index.js';
import { ClauseLinks } from './components/ClauseLinks.js';

/** /clause/operationlog (Super Admin): the system operation log kept to the clause actions (the server matches 'clause.*'). */
export function ClauseOperationLogPage() {
  return (
    <Flex vertical gap={16} data-testid="clause-operation-log">
      <Card size="small">
        <ClauseLinks />
      </Card>
      <OperationLog scope="system" action="clause" />
    </Flex>
  );
}
