-- Transaction-password attempts being evaluated right now, apart from the evaluated failures
-- (api/src/modules/wallet/pay-password/paypass.ts): at most five attempts are evaluated at once,
-- and only five EVALUATED failures lock — a wrong attempt reserved behind right ones still in
-- flight is never answered paypass_locked.
ALTER TABLE wallet_pay_passwords ADD COLUMN attempts_in_flight INTEGER NOT NULL DEFAULT 0;
