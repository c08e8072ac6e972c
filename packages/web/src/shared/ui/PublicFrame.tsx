import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '../assets/logo.svg';
import { LanguageSelect } from './LanguageSelect.js';
import './public-frame.css';

interface Props {
  /** The page's own class, for what it draws differently. */
  className: string;
  testId: string;
  subtitle: string;
  title: string;
  /** Beside the language choice in the header (a way back to the console). */
  tools?: ReactNode;
  children: ReactNode;
}

/** A page outside the console's shell (SPEC section 2's public screens): the brand, the language choice, the page's title. */
export function PublicFrame({ className, testId, subtitle, title, tools, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`public-frame ${className}`} data-testid={testId}>
      <header className="public-frame-header">
        <div className="public-frame-brand">
          <img src={logo} alt="" width={32} height={32} />
          <div>
            <Typography.Title level={4} style={{ margin: 0, color: '#fff' }}>
              {t('app.title')}
            </Typography.Title>
            <span className="public-frame-subtitle">{subtitle}</span>
          </div>
        </div>
        <div className="public-frame-tools">
          {tools}
          <div className="public-frame-language">
            <LanguageSelect />
          </div>
        </div>
      </header>
      <main className="public-frame-main">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </main>
    </div>
  );
}
