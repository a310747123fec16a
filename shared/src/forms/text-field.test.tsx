// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from '../testing/render-page';
import { TextField, type TextFieldProps } from './text-field';

const tree = { fields: { showPassword: 'Show', hidePassword: 'Hide' } };
const { renderWithHost } = createPageRenderer({
  namespace: 'demo',
  resources: { 'en-US': tree, 'zh-HK': tree, 'ar-AE': tree, 'tr-TR': tree },
});

type Values = { amount: string };
function Form({ message, ...props }: Partial<TextFieldProps<Values>> & { message?: string }) {
  const { control, setError } = useForm<Values>({ defaultValues: { amount: '' } });
  useEffect(() => {
    if (message) setError('amount', { type: 'custom', message });
  }, [message, setError]);
  return <TextField control={control} name="amount" label="Amount" namespace="demo" {...props} />;
}

describe('shared TextField', () => {
  it("describes the input by its hint, keeps numbers left-to-right, and 'plain' drops the row", () => {
    const { container } = renderWithHost(<Form hint="Available 12.5 USDT" ltr layout="plain" />, {
      locale: 'ar-AE',
    });
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAccessibleDescription('Available 12.5 USDT');
    expect(container.querySelector('.cw-input-row')).toBeNull();
    expect(container.querySelector('.demo-input-ltr')).not.toBeNull();
  });

  it('shows already-translated schema messages as they are with translateErrors={false}', async () => {
    const { container } = renderWithHost(<Form message="At least 10 USDT" translateErrors={false} hint="unused" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(container.querySelector('.cw-input-row')).toContainElement(input);
    await waitFor(() => expect(input).toHaveAccessibleDescription('At least 10 USDT'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('At least 10 USDT');
  });

  it('translates schema message keys of the common namespace by default', async () => {
    renderWithHost(<Form message="validation.required" />);
    expect(await screen.findByRole('alert')).not.toHaveTextContent('validation.required');
  });
});
