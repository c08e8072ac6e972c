import type { Language } from '@safety-shield/contract';
import 'altcha';
import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

/** The widget's texts, one language loaded when chosen; altcha names Spanish and French by region. */
const altchaTexts: Record<Language, { tag: string; load: () => Promise<unknown> }> = {
  en: { tag: 'en', load: () => import('altcha/i18n/en') },
  es: { tag: 'es-es', load: () => import('altcha/i18n/es-es') },
  ru: { tag: 'ru', load: () => import('altcha/i18n/ru') },
  nb: { tag: 'nb', load: () => import('altcha/i18n/nb') },
  fr: { tag: 'fr-fr', load: () => import('altcha/i18n/fr-fr') },
  sv: { tag: 'sv', load: () => import('altcha/i18n/sv') },
  de: { tag: 'de', load: () => import('altcha/i18n/de') },
};

export interface RobotCheckHandle {
  /** A solution is good for one login attempt: fetch a new challenge after each. */
  reset(): void;
}

interface Props {
  language: Language;
  /** The solution payload once solved, null when it is not (again). */
  onChange(payload: string | null): void;
}

/** The ALTCHA proof-of-work widget (ARCHITECTURE section 3); it solves in the browser, no third party involved. */
export const RobotCheck = forwardRef<RobotCheckHandle, Props>(function RobotCheck({ language, onChange }, ref) {
  const widget = useRef<HTMLElementTagNameMap['altcha-widget']>(null);
  const onChangeRef = useRef(onChange);
  const [loadedTag, setLoadedTag] = useState<string>();
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset() {
      // The Svelte element gains its methods a tick after it is connected.
      widget.current?.reset?.();
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  useEffect(() => {
    let current = true;
    const { tag, load } = altchaTexts[language];
    void load().then(() => current && setLoadedTag(tag));
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <altcha-widget
      ref={widget}
      challenge="/v1/account/captcha"
      language={loadedTag}
      name="code"
      style={{ '--altcha-max-width': '100%' }}
      data-testid="robot-check"
    />
  );
});
