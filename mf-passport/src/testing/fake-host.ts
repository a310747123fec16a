// The fake host and HTTP boundary shared by every feature app's component tests.
export * from '@cardwallet/shared/testing/fake-host';

/** GET user/getRegisterData as the API answers it (a few real dial codes). */
export const registerDataFixture = {
  countries: [
    { code: 'TR', dialCode: '+90', name: 'Türkiye' },
    { code: 'HK', dialCode: '+852', name: 'Hong Kong' },
    { code: 'AE', dialCode: '+971', name: 'United Arab Emirates' },
    { code: 'US', dialCode: '+1', name: 'United States' },
  ],
  defaultCountry: 'TR',
  agreementVersion: '2026-01',
  passwordMinLength: 8,
  passwordMaxLength: 20,
  codeLength: 6,
  codeResendSeconds: 60,
};
