import { useState } from 'react';
import { Button, Input, List, type ImageUploadItem } from 'antd-mobile';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import {
  KYC_MINIMUM_AGE,
  KYC_V,
  ageOn,
  kyc1Body,
  type Kyc1Body,
  type KycDocumentType,
} from '@cardwallet/shared/schemas';
import { useSubmitKyc1 } from '../api/submit-kyc1';
import { DocumentPhotos } from './document-photos';
import { FieldGroup, FieldItem, apiErrorMessage, apiFieldErrors } from '@cardwallet/shared/forms';
import { countryName } from '../lib/countries';
import { formatDay, todayIso } from '../lib/dates';

/** The same rules as the API, plus the age the API checks against today's date. */
const formSchema = kyc1Body.superRefine((v, ctx) => {
  if (v.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(v.birthDate) && ageOn(v.birthDate, todayIso()) < KYC_MINIMUM_AGE) {
    ctx.addIssue({ code: 'custom', path: ['birthDate'], message: KYC_V.under18 });
  }
});

const FIELDS = ['firstName', 'lastName', 'documentNumber', 'birthDate', 'documentImages'] as const;
type FieldName = (typeof FIELDS)[number];

export interface Kyc1DetailsFormProps {
  country: string;
  documentType: KycDocumentType;
  defaults?: { firstName?: string; lastName?: string; documentNumber?: string; birthDate?: string };
  onChangeDocument: () => void;
  onVerified: () => void;
}

export function Kyc1DetailsForm({
  country,
  documentType,
  defaults,
  onChangeDocument,
  onVerified,
}: Kyc1DetailsFormProps) {
  const { t } = useTranslation('user');
  const locale = useHost().i18n.useLanguage();
  const submit = useSubmitKyc1();
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Kyc1Body>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      country: country as Kyc1Body['country'],
      documentType,
      firstName: defaults?.firstName ?? '',
      lastName: defaults?.lastName ?? '',
      documentNumber: defaults?.documentNumber ?? '',
      birthDate: defaults?.birthDate ?? '',
      documentImages: [],
    },
  });
  const { errors } = form.formState;
  // Our schema speaks in kyc.validation keys; the server's field messages arrive translated.
  const message = (field: FieldName) => {
    const m = errors[field]?.message;
    if (!m) return undefined;
    return m in KYC_V ? t(`kyc.validation.${m}`) : m;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit.mutateAsync(values);
      onVerified();
    } catch (e) {
      const fields = apiFieldErrors(e);
      let placed = false;
      for (const [field, text] of Object.entries(fields)) {
        if ((FIELDS as readonly string[]).includes(field)) {
          form.setError(field as FieldName, { type: 'server', message: text }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(apiErrorMessage(e, t));
    }
  });

  const birthDate = form.watch('birthDate');
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('kyc.title.lv1Details')}>
      <List className="kyc-list">
        <List.Item
          extra={
            <Button size="mini" fill="none" className="kyc-link-button" onClick={onChangeDocument}>
              {t('kyc.details.change')}
            </Button>
          }
          description={t(`kyc.doc.${documentType}`)}
        >
          {countryName(country, locale)}
        </List.Item>
      </List>
      <FieldGroup className="kyc-form">
        {(['firstName', 'lastName'] as const).map((name) => (
          <FieldItem
            key={name}
            label={t(`kyc.details.${name}`)}
            htmlFor={`kyc-${name}`}
            hasError={Boolean(errors[name])}
          >
            <Controller
              name={name}
              control={form.control}
              render={({ field }) => (
                <Input
                  id={`kyc-${name}`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  autoComplete={name === 'firstName' ? 'given-name' : 'family-name'}
                  aria-invalid={Boolean(errors[name]) || undefined}
                  aria-describedby={errors[name] ? `kyc-${name}-error` : undefined}
                />
              )}
            />
            {message(name) && (
              <p id={`kyc-${name}-error`} className="kyc-field-error" role="alert">
                {message(name)}
              </p>
            )}
          </FieldItem>
        ))}
        <FieldItem
          label={t('kyc.details.documentNumber')}
          htmlFor="kyc-documentNumber"
          hasError={Boolean(errors.documentNumber)}
        >
          <Controller
            name="documentNumber"
            control={form.control}
            render={({ field }) => (
              <Input
                id="kyc-documentNumber"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
                className="kyc-ltr-input"
                aria-invalid={Boolean(errors.documentNumber) || undefined}
                aria-describedby={errors.documentNumber ? 'kyc-documentNumber-error' : undefined}
              />
            )}
          />
          {message('documentNumber') && (
            <p id="kyc-documentNumber-error" className="kyc-field-error" role="alert">
              {message('documentNumber')}
            </p>
          )}
        </FieldItem>
        <FieldItem label={t('kyc.details.birthDate')} htmlFor="kyc-birthDate" hasError={Boolean(errors.birthDate)}>
          {/* The platform's own date picker: the phone's calendar wheel, typed entry elsewhere. */}
          <Controller
            name="birthDate"
            control={form.control}
            render={({ field }) => (
              <input
                id="kyc-birthDate"
                type="date"
                className="kyc-date-input"
                min="1900-01-01"
                max={todayIso()}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="bday"
                aria-invalid={Boolean(errors.birthDate) || undefined}
                aria-describedby={errors.birthDate ? 'kyc-birthDate-error' : 'kyc-birthDate-value'}
              />
            )}
          />
          {birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && (
            <p id="kyc-birthDate-value" className="kyc-muted">
              {formatDay(birthDate, locale)}
            </p>
          )}
          {message('birthDate') && (
            <p id="kyc-birthDate-error" className="kyc-field-error" role="alert">
              {message('birthDate')}
            </p>
          )}
        </FieldItem>
        <FieldItem
          label={t('kyc.details.photos')}
          labelId="kyc-photos-label"
          description={t('kyc.details.photosHint')}
          hasError={Boolean(errors.documentImages)}
        >
          <DocumentPhotos
            labelId="kyc-photos-label"
            value={photos}
            onChange={(items) => {
              setPhotos(items);
              form.setValue(
                'documentImages',
                items.map((i) => String(i.key)),
                { shouldValidate: form.formState.isSubmitted },
              );
            }}
          />
          {message('documentImages') && (
            <p className="kyc-field-error" role="alert">
              {message('documentImages')}
            </p>
          )}
        </FieldItem>
      </FieldGroup>
      {formError && (
        <p className="kyc-alert kyc-pad" role="alert">
          {formError}
        </p>
      )}
      <div className="kyc-actions">
        <Button block color="primary" size="large" type="submit" loading={submit.isPending} disabled={submit.isPending}>
          {t('kyc.details.submit')}
        </Button>
      </div>
    </form>
  );
}
