import { Typography } from 'antd';
import { createElement, type ReactNode, useMemo } from 'react';
import { type SafeNode, sanitizeClauseTree } from './sanitize.js';
import './clause.css';

function render(nodes: readonly SafeNode[], path: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}.${index}`;
    if (typeof node === 'string') return node;
    const children = node.children.length ? render(node.children, key) : undefined;
    if (node.tag === 'a') return createElement('a', { key, href: node.href, rel: 'noopener noreferrer', target: '_blank' }, children);
    return createElement(node.tag, { key }, children);
  });
}

/**
 * A clause's rich text, shown through the allow-list of `sanitize.ts`. The safe tree becomes React elements
 * directly, so no HTML string ever reaches the page.
 */
export function ClauseContent({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => sanitizeClauseTree(html), [html]);
  return (
    <Typography className={['clause-content', className].filter(Boolean).join(' ')} data-testid="clause-content">
      {render(nodes, 'n')}
    </Typography>
  );
}
