import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AccountTabs, accountTabPanelProps } from './account-tabs';

function Harness({ rtl }: { rtl: boolean }) {
  const [active, setActive] = useState<'email' | 'mobile' | 'other'>('email');
  return (
    <>
      <AccountTabs
        tabs={[
          { key: 'email', title: 'E-mail' },
          { key: 'mobile', title: 'Mobile' },
          { key: 'other', title: 'Other' },
        ]}
        active={active}
        onChange={setActive}
        rtl={rtl}
        idPrefix="t"
      />
      <div {...accountTabPanelProps('t', active)}>{active} field</div>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('AccountTabs', () => {
  it('is a tab list whose selected tab labels the panel, with only that tab in the tab order', async () => {
    const user = userEvent.setup();
    render(<Harness rtl={false} />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(tab('E-mail')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Mobile')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'E-mail' })).toHaveTextContent('email field');
    expect(tab('E-mail')).toHaveAttribute('tabindex', '0');
    expect(tab('Mobile')).toHaveAttribute('tabindex', '-1');
    for (const name of ['E-mail', 'Mobile']) expect(tab(name)).toHaveAttribute('aria-controls', 't-panel');

    await user.click(tab('Mobile'));
    expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true');
    expect(tab('E-mail')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Mobile' })).toHaveTextContent('mobile field');
  });

  it('moves with the arrow keys (wrapping), Home and End, focus following the selection', async () => {
    const user = userEvent.setup();
    render(<Harness rtl={false} />);
    await user.tab();
    expect(tab('E-mail')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Mobile')).toHaveFocus();
    expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Other')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('E-mail')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Other')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('E-mail')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'E-mail' })).toBeInTheDocument();
  });

  it('mirrors the arrow keys right to left (ArrowLeft is the next tab)', async () => {
    const user = userEvent.setup();
    render(<Harness rtl />);
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Mobile')).toHaveFocus();
    expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab('E-mail')).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab with Enter or Space', async () => {
    const user = userEvent.setup();
    render(<Harness rtl={false} />);
    tab('Mobile').focus();
    await user.keyboard('{Enter}');
    expect(tab('Mobile')).toHaveAttribute('aria-selected', 'true');
    tab('Other').focus();
    await user.keyboard(' ');
    expect(tab('Other')).toHaveAttribute('aria-selected', 'true');
  });
});
