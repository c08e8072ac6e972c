import { Flex, Tag } from 'antd';

/** Short texts (models, device uuids) as tags that wrap, spaced by the row's gap. */
export function TextTags({ texts }: { texts: readonly string[] }) {
  return (
    <Flex wrap gap={4}>
      {texts.map((text) => (
        <Tag key={text} style={{ marginInlineEnd: 0 }}>
          {text}
        </Tag>
      ))}
    </Flex>
  );
}
