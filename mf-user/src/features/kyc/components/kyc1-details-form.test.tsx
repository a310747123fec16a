import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { Kyc1DetailsForm } from './kyc1-details-form';

/** No bucket configured: photos go through the API ("UPLOAD upload/image"). */
const NO_BUCKET = { 'POST upload/image/direct': () => ({ mode: 'api' }) };

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'front.png', { type: 'image/png' });
const minorBirthDate = () => {
  const d = new Date();
  return `${d.getFullYear() - 17}-01-01`;
};

describe('KYC level 1 details form', () => {
  it('refuses under 18 next to the date without calling the API', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    const onVerified = vi.fn();
    let submitted: unknown;
    const { user, calls } = renderWithHost(
      <Kyc1DetailsForm
        country="GB"
        documentType="passport"
        defaults={{ firstName: 'Alex', lastName: 'Morgan', documentNumber: '533401286', birthDate: minorBirthDate() }}
        onChangeDocument={() => {}}
        onVerified={onVerified}
      />,
      {
        loggedIn: true,
        routes: {
          ...NO_BUCKET,
          'UPLOAD upload/image': () => ({
            files: [
              {
                id: 'img_0123456789abcdef',
                url: 'upload/image/img_0123456789abcdef',
                contentType: 'image/png',
                size: 8,
              },
            ],
          }),
          'POST kyc/level1': ({ body }) => {
            submitted = body;
            return {
              level: 1,
              level1: { state: 'verified', reason: null, reasonKey: null, submittedAt: null, details: null },
              level2: {
                state: 'not_verified',
                rejectType: null,
                moderationComment: null,
                rejectLabels: [],
                canRetry: false,
                updatedAt: null,
              },
            };
          },
        },
      },
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, png());
    await waitFor(() => expect(calls.some((c) => c.method === 'UPLOAD')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Under 18 cannot open cards.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === 'kyc/level1')).toBe(false);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(onVerified).not.toHaveBeenCalled();
    expect(submitted).toBeUndefined();
  });

  it('submits the details with the uploaded photo ids', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    const onVerified = vi.fn();
    let submitted: unknown;
    const { user } = renderWithHost(
      <Kyc1DetailsForm
        country="GB"
        documentType="passport"
        defaults={{ firstName: 'Alex', lastName: 'Morgan', documentNumber: '533401286', birthDate: '1990-05-14' }}
        onChangeDocument={() => {}}
        onVerified={onVerified}
      />,
      {
        loggedIn: true,
        routes: {
          ...NO_BUCKET,
          'UPLOAD upload/image': () => ({
            files: [{ id: 'img_0123456789abcdef', url: 'x', contentType: 'image/png', size: 8 }],
          }),
          'POST kyc/level1': ({ body }) => {
            submitted = body;
            return {
              level: 1,
              level1: { state: 'verified', reason: null, reasonKey: null, submittedAt: null, details: null },
              level2: {
                state: 'not_verified',
                rejectType: null,
                moderationComment: null,
                rejectLabels: [],
                canRetry: false,
                updatedAt: null,
              },
            };
          },
        },
      },
    );
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(submitted).toEqual({
      country: 'GB',
      documentType: 'passport',
      firstName: 'Alex',
      lastName: 'Morgan',
      documentNumber: '533401286',
      birthDate: '1990-05-14',
      documentImages: ['img_0123456789abcdef'],
    });
  });

  it('shows the server refusal "document number or name wrong" and keeps what was typed', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    const { user } = renderWithHost(
      <Kyc1DetailsForm
        country="GB"
        documentType="passport"
        defaults={{ firstName: 'Alex', lastName: 'Morgan', documentNumber: '123450000', birthDate: '1990-05-14' }}
        onChangeDocument={() => {}}
        onVerified={() => {}}
      />,
      {
        loggedIn: true,
        routes: {
          ...NO_BUCKET,
          'UPLOAD upload/image': () => ({
            files: [{ id: 'img_0123456789abcdef', url: 'x', contentType: 'image/png', size: 8 }],
          }),
          'POST kyc/level1': () => apiError('kyc_document_mismatch', 'The document number or name is wrong.'),
          'GET kyc/status': () => null,
        },
      },
    );
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('The document number or name is wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText('Document number')).toHaveValue('123450000');
  });

  it('checks the document number format for the chosen document', async () => {
    const { user } = renderWithHost(
      <Kyc1DetailsForm
        country="TR"
        documentType="id_card"
        defaults={{ firstName: 'Ayşe', lastName: 'Yılmaz', documentNumber: '12345678901', birthDate: '1990-05-14' }}
        onChangeDocument={() => {}}
        onVerified={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(
      await screen.findByText('This document number is not valid for the chosen country and document type.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Add one or two photos of your document.')).toBeInTheDocument();
  });
});
