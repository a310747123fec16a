// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { maximumAmount } from '../money/limits';
import type { AmountLimits } from '../money/limits';
import type { MoneyCurrency } from '../money/scale';
import { createPageRenderer } from '../testing/render-page';
import { AmountField } from './amount-field';
import { amountSchema } from './amount-schema';

const tree = {};
const { renderWithHost } = createPageRenderer({
  namespace: 'demo',
  resources: { 'en-US': tree, 'zh-HK': tree, 'ar-AE': tree, 'tr-TR': tree },
});

type Values = { amount: string };

/** A form as the pages build it: the field, and the schema from the same locale, currency and limits. */
function Form({
  locale,
  currency,
  limits,
  fill,
  onSend,
}: {
  locale: string;
  currency: MoneyCurrency;
  limits?: AmountLimits;
  fill?: { amount: string; label: 'all' | 'max' };
  onSend: (amount: string) => void;
}) {
  const { t } = useTranslation('demo');
  const schema = amountSchema(t, locale, { currency, limits });
  // @hookform/resolvers is the apps' dependency; this is the same thing for one field.
  const resolver: Resolver<Values> = (values): ResolverResult<Values> => {
    const result = schema.safeParse(values.amount);
    if (result.success) return { values: { amount: result.data }, errors: {} };
    return { values: {}, errors: { amount: { type: 'custom', message: result.error.issues[0]!.message } } };
  };
  const { control, handleSubmit } = useForm<Values>({ mode: 'onChange', resolver, defaultValues: { amount: '' } });
  return (
    <form onSubmit={handleSubmit((v) => onSend(v.amount))}>
      <AmountField control={control} name="amount" label="Amount" currency={currency} limits={limits} fill={fill} />
      <button type="submit">Send</button>
    </form>
  );
}

async function typeAndSend(text: string) {
  const user = userEvent.setup();
  const input = screen.getByRole('textbox', { name: 'Amount' });
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return input;
}

describe('shared AmountField', () => {
  it('tr-TR: "1.000,5" reads as one thousand and a half, shown the Turkish way and sent as 1000.5', async () => {
    const onSend = vi.fn();
    renderWithHost(<Form locale="tr-TR" currency="USDT" onSend={onSend} />, { locale: 'tr-TR' });
    const input = await typeAndSend('1.000,5');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('1000.5'));
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAccessibleDescription('Okunan tutar: \u20681.000,50 USDT\u2069');
  });

  it('tr-TR: an ambiguous "1.5" is refused at the field with the separators, never sent', async () => {
    const onSend = vi.fn();
    renderWithHost(<Form locale="tr-TR" currency="USDT" onSend={onSend} />, { locale: 'tr-TR' });
    const input = await typeAndSend('1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ondalık için “,”, 3 basamaklı gruplar arasında “.” kullanın',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('ar-AE: Arabic-Indic digits and separators are read, the figure shown with Latin digits', async () => {
    const onSend = vi.fn();
    renderWithHost(<Form locale="ar-AE" currency="USDT" onSend={onSend} />, { locale: 'ar-AE' });
    const input = await typeAndSend('١٬٢٣٤٫٥');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('1234.5'));
    expect(input).toHaveAccessibleDescription('يُقرأ كـ \u20681,234.50 USDT\u2069');
  });

  it("refuses decimals beyond the currency's, and a limit, as the customer types", async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    renderWithHost(<Form locale="en-US" currency="USD" limits={{ minimum: '50', available: '100' }} onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(input, '60.123');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 2 decimal places');
    await user.clear(input);
    await user.type(input, '1,000');
    expect(screen.getByRole('alert')).toHaveTextContent('More than the \u2068100.00 USD\u2069 available');
    await user.clear(input);
    await user.type(input, '49.99');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is \u206850.00 USD\u2069');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('"All" fills available − fee at full precision, and that exact figure is sent', async () => {
    const onSend = vi.fn();
    const available = '1.123456789012345678';
    const fees = ['0.00003'];
    renderWithHost(
      <Form
        locale="tr-TR"
        currency="ETH"
        limits={{ available, fees }}
        fill={{ amount: maximumAmount(available, 18, { fees }), label: 'all' }}
        onSend={onSend}
      />,
      { locale: 'tr-TR' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tümü' }));
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('1,123426789012345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('1.123426789012345678'));
  });
});
