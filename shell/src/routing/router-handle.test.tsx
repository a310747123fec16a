import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { createRouterHandle } from './router-handle';

function Where() {
  const { pathname, search } = useLocation();
  return <p aria-label="where">{`${pathname}${search}`}</p>;
}

function mount(handle: ReturnType<typeof createRouterHandle>, at = '/pages/index/index') {
  const { RouterBridge } = handle;
  return render(
    <MemoryRouter initialEntries={[at]}>
      <RouterBridge />
      <Where />
    </MemoryRouter>,
  );
}

describe('router handle: the shell services navigate a router that lives inside React', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a navigation asked before the router is mounted happens once it is', async () => {
    const handle = createRouterHandle();
    handle.router.navigate('/pages/passport/login?redirect=%2Fpages%2Fwallet%2Findex');
    mount(handle);
    expect(await screen.findByLabelText('where')).toHaveTextContent(
      '/pages/passport/login?redirect=%2Fpages%2Fwallet%2Findex',
    );
  });

  it('pushes, replaces and goes back through the mounted router', async () => {
    const handle = createRouterHandle();
    mount(handle);
    act(() => handle.router.navigate('/pages/wallet/index'));
    expect(screen.getByLabelText('where')).toHaveTextContent('/pages/wallet/index');
    act(() => handle.router.navigate('/pages/wallet/transfer', { replace: true }));
    expect(screen.getByLabelText('where')).toHaveTextContent('/pages/wallet/transfer');
    // The replaced entry is gone: one step back is the page before it.
    act(() => handle.router.navigate(-1));
    expect(await screen.findByLabelText('where')).toHaveTextContent('/pages/index/index');
  });

  it('after the router unmounts, navigations wait for the next one instead of acting on a dead router', async () => {
    const handle = createRouterHandle();
    const first = mount(handle);
    first.unmount();
    handle.router.navigate('/pages/card/index');
    mount(handle, '/pages/user/index');
    expect(await screen.findByLabelText('where')).toHaveTextContent('/pages/card/index');
  });

  it("reads the browser's location (what BrowserRouter's history wrote)", () => {
    window.history.pushState(null, '', '/pages/wallet/index?tab=usdt#top');
    expect(createRouterHandle().router.state.location).toEqual({
      pathname: '/pages/wallet/index',
      search: '?tab=usdt',
      hash: '#top',
    });
  });
});
