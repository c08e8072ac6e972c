import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnChoice, defaultChoice, moveColumn, showColumn } from './column-choice.js';
import { columnTitle, type PlacedColumn } from './column-layout.js';

interface Props<T> {
  /** The key column: listed first, always shown, not moved. */
  keyColumn?: PlacedColumn<T>;
  movable: PlacedColumn<T>[];
  choice: ColumnChoice;
  onChange(choice: ColumnChoice): void;
}

type Direction = 'up' | 'down';

/** The two move buttons of a column's line. */
const MOVES: ReadonlyArray<{ direction: Direction; icon: ReactNode; label: string }> = [
  { direction: 'up', icon: <ArrowUpOutlined />, label: 'list.columns.moveUp' },
  { direction: 'down', icon: <ArrowDownOutlined />, label: 'list.columns.moveDown' },
];

/**
 * The table's column settings (issue 16): show or hide each column and move it up or down, by mouse or keyboard;
 * Reset to default. The popover is drawn at the end of the page, so opening it moves the focus into it and Escape
 * brings the focus back to the button.
 */
export function ColumnPicker<T>({ keyColumn, movable, choice, onChange }: Props<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // After a move the row changes place: the focus follows the button that moved it.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: Direction }>();
  const byId = new Map(movable.map((entry) => [entry.id, entry]));
  const ordered = choice.order.flatMap((id) => byId.get(id) ?? []);
  const nameOf = (entry: PlacedColumn<T>) => {
    const title = columnTitle(entry.column, entry.id);
    return typeof title === 'string' ? title : entry.id;
  };

  useEffect(() => {
    if (!open) return;
    // The popover draws its content a frame or two after opening.
    let frame = 0;
    let tries = 0;
    const focusFirst = () => {
      const first = content.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
      if (first) first.focus();
      else if (tries++ < 20) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useEffect(() => {
    if (!focusAfterMove) return;
    const row = content.current?.querySelector(`[data-column="${CSS.escape(focusAfterMove.id)}"]`);
    const other = focusAfterMove.direction === 'up' ? 'down' : 'up';
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]:not([disabled])`) ??
      row?.querySelector<HTMLButtonElement>(`[data-move="${other}"]`);
    button?.focus();
  }, [focusAfterMove]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };
  const move = (id: string, direction: Direction) => {
    onChange(moveColumn(choice, id, direction === 'up' ? -1 : 1));
    setFocusAfterMove({ id, direction });
  };

  const panel = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it
    <div ref={content} onKeyDown={onKeyDown} data-testid="column-picker" className="column-picker">
      <ul aria-label={t('list.columns.title')}>
        {keyColumn && (
          <li>
            <Checkbox checked disabled>
              {columnTitle(keyColumn.column, keyColumn.id)}
            </Checkbox>
          </li>
        )}
        {ordered.map((entry, index) => {
          const name = nameOf(entry);
          return (
            <li key={entry.id} data-column={entry.id}>
              <Checkbox
                checked={!choice.hidden.includes(entry.id)}
                onChange={(event) => onChange(showColumn(choice, entry.id, event.target.checked))}
              >
                {columnTitle(entry.column, entry.id)}
              </Checkbox>
              <span className="column-picker-moves">
                {MOVES.map(({ direction, icon, label }) => (
                  <Button
                    key={direction}
                    size="small"
                    type="text"
                    icon={icon}
                    data-move={direction}
                    aria-label={t(label, { name })}
                    disabled={direction === 'up' ? index === 0 : index === ordered.length - 1}
                    onClick={() => move(entry.id, direction)}
                  />
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      <Typography.Paragraph type="secondary" className="column-picker-hint">
        {t('list.columns.hint')}
      </Typography.Paragraph>
      <Flex justify="space-between" gap={8}>
        <Button size="small" onClick={() => onChange(defaultChoice(movable.map(({ id }) => id)))}>
          {t('list.columns.reset')}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {t('list.columns.done')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('list.columns.title')} content={panel}>
      <Button
        ref={trigger}
        size="small"
        type="text"
        icon={<SettingOutlined />}
        aria-label={t('list.columns.settings')}
        aria-expanded={open}
        data-testid="column-settings"
      />
    </Popover>
  );
}
