// Zod schemas and validators shared by the forms and the API. Deliberately NOT part of the
// package root: the root is a Module Federation singleton (loaded on every page, never
// tree-shaken), while this subpath is bundled by each app that validates — tree-shaken — so zod
// and the phone-number metadata cost nothing on pages without forms. The barrel itself has no side
// effect (so a page importing one schema does not evaluate them all); each schema module imports
// ./zod-config itself, before it builds a schema.
export * from './validation';
export * from './envelope';
export * from './pagination';
export * from './registry';
export * from './auth';
export * from './profile';
export * from './fresh-proof';
export * from './wallet';
export * from './app';
export * from './notifications';
export * from './content';
export * from './cards';
export * from './card-forms';
export * from './coupons';
export * from './member';
export * from './kyc';
export * from './referral';
export * from './step-up';
export * from './passkeys';
export * from './card-safety';
export * from './card-disputes';
export * from './wechat';
export * from './places';
export * from './release-console';
