import type { Language } from '@safety-shield/contract';
import 'altcha';
import 'altcha/i18n/de';
import 'altcha/i18n/en';
import 'altcha/i18n/es-es';
import 'altcha/i18n/fr-fr';
import 'altcha/i18n/nb';
import 'altcha/i18n/ru';
import 'altcha/i18n/sv';
import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

// altcha registers Spanish and French under their regional names.
const altchaLanguage: Record<Language, string> = { en: 'en', es: 'es-es', ru: 'ru', nb: 'nb', fr: 'fr-fr', sv: 'sv', de: 'de' };

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

  return (
    <altcha-widget
      ref={widget}
      challenge="/v1/account/captcha"
      language={altchaLanguage[language]}
      name="code"
      style={{ '--altcha-max-width': '100%' }}
      data-testid="robot-check"
    />
  );
});
