import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterSpec } from './list-params.js';
import './list.css';
import type { FilteredList } from './use-list-params.js';

// biome-ignore lint/suspicious/noExplicitAny: antd's form values are any by design
type Values = Record<string, any>;

type FilterBarProps<V extends Values> = (
  | {
      /** The filters as the form shows them (from the URL); the form follows when they change (back button). */
      values: V;
      onSearch(values: V): void;
      onReset(): void;
      list?: never;
    }
  /** A list with filter kinds: its values, its search and its reset. */
  | { list: Pick<FilteredList<FilterSpec>, 'values' | 'search' | 'resetFilters'>; values?: never; onSearch?: never; onReset?: never }
) & { children: ReactNode };

/** An inline filter form with Search and Reset, in the same place on every list. */
export function FilterBar<V extends Values>({ list, children, ...props }: FilterBarProps<V>) {
  const { t } = useTranslation();
  const { values, onSearch, onReset } = list
    ? { values: list.values as V, onSearch: list.search as (values: V) => void, onReset: list.resetFilters }
    : (props as { values: V; onSearch(values: V): void; onReset(): void });
  const [form] = Form.useForm<V>() as [FormInstance<V>];
  // Only new values reset the form: a cached view shown again keeps what was typed and not yet searched.
  const shown = useRef<V>(undefined);
  useEffect(() => {
    if (shown.current === values) return;
    shown.current = values;
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, values]);
  return (
    <Form form={form} name="filter" layout="inline" onFinish={onSearch} className="filter-bar" data-testid="filter-bar">
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
