import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import { PullToRefresh } from './pull-to-refresh';
import { PULL_COMPLETE_MS, PULL_SETTLE_MS } from './pull-gesture';

afterEach(() => vi.useRealTimers());

function finger(target: Element, type: string, y?: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: y === undefined ? [] : [{ clientX: 50, clientY: y }] });
  act(() => {
    target.dispatchEvent(event);
  });
}

describe('pull-to-refresh', () => {
  it("says what the pull will do in the shell's language, refreshes on release and closes again", async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <ConfigProvider locale={zhHK}>
        <PullToRefresh onRefresh={onRefresh}>
          <p>餘額</p>
        </PullToRefresh>
      </ConfigProvider>,
    );
    const page = screen.getByText('餘額');
    const head = screen.getByRole('status');
    expect(head.textContent).toBe('');

    finger(page, 'touchstart', 10);
    finger(page, 'touchmove', 110); // 100 px down: a 40 px head
    expect(head.textContent).toBe('下拉刷新');
    expect(head.style.height).toBe('40px');
    finger(page, 'touchmove', 400);
    expect(head.textContent).toBe('釋放立即刷新');
    finger(page, 'touchend');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(head.textContent).toBe(`${zhHK.common.loading}...`);
    expect(head.classList.contains('cw-ptr-settling')).toBe(true);

    await act(async () => finish());
    expect(head.textContent).toBe('刷新成功');
    act(() => vi.advanceTimersByTime(PULL_COMPLETE_MS + PULL_SETTLE_MS));
    expect(head.style.height).toBe('0px');
    expect(head.textContent).toBe('');
  });
});
