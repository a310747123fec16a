// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from '../testing/render-page';
import { FieldGroup } from './field-group';
import { TextField } from './text-field';

const tree = { fields: { showPassword: 'Show', hidePassword: 'Hide' } };
const { renderWithHost } = createPageRenderer({
  namespace: 'demo',
  resources: { 'en-US': tree, 'zh-HK': tree, 'ar-AE': tree, 'tr-TR': tree },
});

function AddressForm({ onSubmit }: { onSubmit: (values: { receiver: string }) => void }) {
  const { control, handleSubmit } = useForm<{ receiver: string }>({ defaultValues: { receiver: '' } });
  return (
    <form aria-label="Address" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <FieldGroup className="demo-form">
        <TextField control={control} name="receiver" label="Receiver" namespace="demo" required />
      </FieldGroup>
      <button type="submit">Save</button>
    </form>
  );
}

describe('FieldGroup', () => {
  it('draws the fields as antd-mobile’s form list inside the page’s own form, never a nested form', () => {
    const { container } = renderWithHost(<AddressForm onSubmit={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Receiver' });
    const group = container.querySelector('.adm-form.demo-form');
    expect(group?.tagName).toBe('DIV');
    expect(group?.querySelector('.adm-list .adm-form-item.adm-form-item-vertical')).toContainElement(input);
    expect(container.querySelectorAll('form')).toHaveLength(1);
    expect(input.closest('form')).toBe(screen.getByRole('form', { name: 'Address' }));
  });

  it('as the page’s form (onSubmit): submits once from its footer button or Enter, never reloading', async () => {
    let submits = 0;
    const { container } = renderWithHost(
      <FieldGroup className="demo-form" onSubmit={() => (submits += 1)} footer={<button type="submit">Save</button>}>
        <input aria-label="Remark" />
      </FieldGroup>,
    );
    const form = container.querySelector('form.adm-form.demo-form')!;
    expect(form).toHaveAttribute('novalidate');
    expect(container.querySelector('.adm-form-footer')).toContainElement(screen.getByRole('button', { name: 'Save' }));
    screen.getByRole('button', { name: 'Save' }).click();
    expect(submits).toBe(1);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(submits).toBe(2);
  });
});
