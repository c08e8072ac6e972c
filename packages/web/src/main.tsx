import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client.js';
import { router } from './app/router.js';
import { loadLanguage } from './shared/i18n/index.js';
import { initialLanguage, initialSize } from './shared/preferences/cookies.js';
import { PreferencesProvider } from './shared/preferences/PreferencesProvider.js';
import { FeedbackBridge } from './shared/ui/FeedbackBridge.js';
import { IdentifyDialog } from './shared/ui/IdentifyDialog.js';
import { ScrollRegions } from './shared/ui/ScrollRegions.js';
import './app/global.css';

const language = initialLanguage();
const locale = await loadLanguage(language);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider language={language} locale={locale} size={initialSize()}>
        <FeedbackBridge />
        <IdentifyDialog />
        <ScrollRegions />
        <RouterProvider router={router} />
      </PreferencesProvider>
    </QueryClientProvider>
  </StrictMode>,
);
