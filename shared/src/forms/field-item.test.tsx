// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldItem } from './field-item';

describe('FieldItem', () => {
  it('names its control with a <label for>, marks required without reading the asterisk', () => {
    render(
      <FieldItem label="Date of birth" htmlFor="birth" required>
        <input id="birth" type="date" />
      </FieldItem>,
    );
    const input = screen.getByLabelText(/^Date of birth/);
    expect(input).toHaveProperty('id', 'birth');
    expect(document.querySelector('.adm-form-item-required-asterisk')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('names a group of controls through aria-labelledby: the label is a span with that id, not a <label>', () => {
    const { container } = render(
      <FieldItem label="Photos" labelId="photos-label" description="Up to 20 MB">
        <div role="group" aria-labelledby="photos-label" />
      </FieldItem>,
    );
    expect(screen.getByRole('group', { name: 'Photos' })).toBeTruthy();
    expect(container.querySelector('label')).toBeNull();
    expect(screen.getByText('Up to 20 MB')).toBeTruthy();
  });

  it('carries antd-mobile’s error class only while the field has an error', () => {
    const { container, rerender } = render(
      <FieldItem label="Name" htmlFor="n">
        <input id="n" />
      </FieldItem>,
    );
    const item = container.querySelector('.adm-form-item');
    expect(item?.className).not.toContain('adm-form-item-has-error');
    rerender(
      <FieldItem label="Name" htmlFor="n" hasError>
        <input id="n" />
      </FieldItem>,
    );
    expect(container.querySelector('.adm-form-item')?.className).toContain('adm-form-item-has-error');
  });
});
