// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormAlert } from './form-alert';
import { FormSubmit } from './form-submit';

afterEach(cleanup);

describe('FormAlert and FormSubmit', () => {
  it('shows the form’s error as an alert above an enabled submit button, in the footer class given', () => {
    const { container } = render(
      <form>
        <FormSubmit pending={false} message="Wrong account or password." className="demo-actions">
          Log in
        </FormSubmit>
      </form>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong account or password.');
    expect(screen.getByRole('alert')).toHaveClass('cw-form-alert');
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
    expect(container.querySelector('.demo-actions')).toContainElement(button);
  });

  it('has no alert without a message, and cannot be pressed again while the request runs', () => {
    const { container } = render(<FormSubmit pending>Log in</FormSubmit>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button')).toBeDisabled();
    expect(container.querySelector('.adm-form-footer')).not.toBeNull();
  });

  it('FormAlert renders nothing without a message', () => {
    const { container } = render(<FormAlert message="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
