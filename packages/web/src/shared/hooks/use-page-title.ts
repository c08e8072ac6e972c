import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 2: the page title is the route title plus the product title. */
export function usePageTitle(titleKey: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    const product = t('app.title');
    document.title = titleKey ? `${t(`route.${titleKey}`)} - ${product}` : product;
  }, [titleKey, t]);
}
