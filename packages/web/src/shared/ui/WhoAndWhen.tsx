import { Flex, Typography } from 'antd';
import { formatTime } from './format.js';

/** Who did something, with when below in grey (a list's "created", "reviewed" cell). */
export function WhoAndWhen({ who, time }: { who: string; time: number | null | undefined }) {
  return (
    <Flex vertical>
      <span>{who}</span>
      <Typography.Text type="secondary">{formatTime(time)}</Typography.Text>
    </Flex>
  );
}
