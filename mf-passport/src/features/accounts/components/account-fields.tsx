import { useEffect, useId } from 'react';
import { List } from 'antd-mobile';
import { isRtl, useHost } from '@cardwallet/shared';
import type { Country } from '@cardwallet/shared/schemas';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AccountFormValues, AccountMethod } from './account-form';
import { AccountTabs, accountTabPanelProps } from './account-tabs';
import { DialCodePicker } from './dial-code-picker';
import { TextField } from '@cardwallet/shared/forms';

export interface AccountFieldsProps {
  countries: Country[];
  defaultCountry?: string;
  /** autocomplete hint: 'username webauthn' on login (passkeys in the autofill list), 'email'/'tel' elsewhere. */
  purpose: 'login' | 'register' | 'reset';
  /** Only a mobile (WeChat's binding): no e-mail / mobile tabs. */
  mobileOnly?: boolean;
}

/** E-mail or mobile (dial code + national number), switched by tabs. Used inside a FormProvider. */
export function AccountFields({ countries, defaultCountry, purpose, mobileOnly }: AccountFieldsProps) {
  const { t } = useTranslation('passport');
  const host = useHost();
  const language = host.i18n.useLanguage();
  const { control, setValue, getValues, clearErrors, trigger } = useFormContext<AccountFormValues>();
  const { field: method } = useController({ control, name: 'method' });
  const { field: country } = useController({ control, name: 'country' });
  const { field: dialCode } = useController({ control, name: 'dialCode' });
  const tabsId = useId();

  // The server's default country arrives after the form was created.
  useEffect(() => {
    if (getValues('country') || !defaultCountry) return;
    const found = countries.find((c) => c.code === defaultCountry);
    if (found) {
      setValue('country', found.code);
      setValue('dialCode', found.dialCode);
    }
  }, [countries, defaultCountry, getValues, setValue]);

  const choose = (c: Country) => {
    setValue('country', c.code);
    setValue('dialCode', c.dialCode);
    // A number typed before the dial code changed is re-checked against the new country's plan.
    if (getValues('national')) void trigger('national');
  };

  return (
    <>
      {!mobileOnly && (
        <AccountTabs<AccountMethod>
          tabs={[
            { key: 'email', title: t('fields.methodEmail') },
            { key: 'mobile', title: t('fields.methodMobile') },
          ]}
          active={method.value}
          rtl={isRtl(language)}
          idPrefix={tabsId}
          onChange={(key) => {
            if (key === method.value) return;
            method.onChange(key);
            clearErrors(['email', 'national']);
          }}
          className="passport-account-tabs"
        />
      )}
      {/* The chosen tab's field (antd-mobile's List passes no role or id on: a wrapper carries them). */}
      <div {...(mobileOnly ? {} : accountTabPanelProps(tabsId, method.value))}>
        <List className="passport-list">
          {method.value === 'email' ? (
            <TextField
              namespace="passport"
              control={control}
              name="email"
              label={t('fields.email')}
              type="email"
              inputMode="email"
              autoComplete={purpose === 'login' ? 'username webauthn' : 'email'}
              placeholder={t('placeholders.email')}
              required
            />
          ) : (
            <TextField
              namespace="passport"
              control={control}
              name="national"
              label={t('fields.mobile')}
              type="tel"
              inputMode="tel"
              autoComplete={purpose === 'login' ? 'username webauthn' : 'tel-national'}
              placeholder={t('placeholders.mobile')}
              required
              prefix={
                <DialCodePicker
                  countries={countries}
                  country={country.value as string}
                  dialCode={dialCode.value as string}
                  onChange={choose}
                />
              }
            />
          )}
        </List>
      </div>
    </>
  );
}
