import { useTranslation } from 'react-i18next';

export const HOME_NAMESPACE = 'home';

/**
 * The home page's texts travel in the start-up chunk of the visitor's language
 * (services/locale-texts.ts): the first page most visits see needs no request of its own.
 */
export const useHomeTranslation = () => useTranslation(HOME_NAMESPACE);
