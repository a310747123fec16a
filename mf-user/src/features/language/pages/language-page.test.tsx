import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import LanguagePage from './language-page';

describe('language', () => {
  it('names each language in itself, marks the current one and switches', async () => {
    const { user, host, container } = renderWithHost(<LanguagePage />, { locale: 'tr-TR' });
    for (const name of ['English', '繁體中文', 'العربية', 'Türkçe']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Türkçe' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'false');
    expect(container.querySelectorAll('.user-check')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'العربية' }));
    expect(host.i18n.setLanguage).toHaveBeenCalledWith('ar-AE');
  });
});
