import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import LanguagePage from './language-page';

describe('language', () => {
  it('names each language in itself, marks the current one and switches', async () => {
    const { user, host, container } = renderWithHost(<LanguagePage />, { locale: 'tr-TR' });
    for (const name of ['English', '繁體中文', 'العربية', 'Türkçe']) expect(screen.getByText(name)).toBeInTheDocument();
    const active = container.querySelectorAll('.adm-check-list-item-extra svg');
    expect(active).toHaveLength(1);
    expect(screen.getByText('Türkçe').closest('.adm-list-item')?.querySelector('.adm-check-list-item-extra svg')).not.toBeNull();
    await user.click(screen.getByText('العربية'));
    expect(host.i18n.setLanguage).toHaveBeenCalledWith('ar-AE');
  });
});
