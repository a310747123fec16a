// The package root: what host and remotes share at runtime as one singleton. Keep it free of zod
// and of phone-number metadata — those live in '@cardwallet/shared/schemas'.
export * from './contract';
export * from './host-context';
export * from './locales';
export * from './constants';
export * from './entities';
export * from './api/envelope';
export * from './api/pagination';
export * from './i18n/translate';
