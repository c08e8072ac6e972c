// altcha ships no type declarations for its regional locales; they only register texts when loaded.
declare module 'altcha/i18n/es-es';
declare module 'altcha/i18n/fr-fr';
