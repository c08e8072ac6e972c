import { SearchOutlined } from '@ant-design/icons';
import { mainRoutes, type Role } from '@safety-shield/contract';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { builtPages } from '../pages.js';
import { searchIndex, searchPages, searchPool } from './search-pool.js';

/** The header search (CONSOLE.md): the icon opens a box that finds permitted pages by title, keywords (issue 29) or path. */
export function HeaderSearch({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // `t` changes with the language, so the titles are rebuilt in the new one.
  const index = useMemo(() => searchIndex(searchPool(mainRoutes, role, builtPages, (key) => t(key))), [role, t]);
  const results = useMemo(() => searchPages(index, query), [index, query]);

  const close = () => {
    setQuery('');
    setOpen(false);
  };
  const choose = (path: string) => {
    close();
    void navigate(path);
  };

  return (
    <div className="header-search" data-testid="header-search">
      <button
        type="button"
        className="header-action"
        aria-label={t('navbar.search')}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="header-search-toggle"
      >
        <SearchOutlined />
      </button>
      {open && (
        <Select<string>
          autoFocus
          className="header-search-select"
          aria-label={t('navbar.search')}
          placeholder={t('navbar.search')}
          showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery, autoClearSearchValue: true }}
          value={null}
          options={results.map((entry) => ({ value: entry.path, label: entry.title }))}
          notFoundContent={null}
          suffixIcon={null}
          onChange={choose}
          onBlur={close}
          popupMatchSelectWidth={false}
        />
      )}
    </div>
  );
}
