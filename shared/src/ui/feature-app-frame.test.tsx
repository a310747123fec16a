// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/envelope';
import { createPageRenderer } from '../testing/render-page';
import { createFeatureAppFrame, withFrameTexts } from './feature-app-frame';
import { PageSkeleton } from './page-state';
import { useFeatureAppNamespace } from './feature-app-namespace';

const resources = {
  'en-US': { common: { loading: 'Loading demo' } },
  'zh-HK': { common: { loading: '載入示範' } },
  'ar-AE': { common: { loading: 'جارٍ التحميل' } },
  'tr-TR': { common: { loading: 'Yükleniyor' } },
};
const { renderWithHost } = createPageRenderer({ namespace: 'demo', resources });
const Frame = createFeatureAppFrame({ namespace: 'demo', stateClassName: 'demo-state' });

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>shell boundary: {String(this.state.error)}</p> : this.props.children;
  }
}

describe('FeatureAppFrame', () => {
  // What the shell does before a page renders: the app's `i18n.load`, which brings antd-mobile's
  // texts of the language along (withFrameTexts).
  beforeAll(async () => {
    const load = withFrameTexts(async () => ({ title: 'Demo' }));
    expect(await load('en-US')).toEqual({ title: 'Demo' });
  });

  it("gives the shared page states the app's namespace", async () => {
    function Probe() {
      return <span>ns={useFeatureAppNamespace()}</span>;
    }
    // No Suspense around it: with the texts loaded first, the frame renders at once.
    renderWithHost(
      <Frame>
        <Probe />
        <PageSkeleton className="demo-skeleton" />
      </Frame>,
    );
    expect(screen.getByText('ns=demo')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading demo' })).toBeInTheDocument();
  });

  it("shows an API error thrown while rendering with the server's message, and Retry refetches", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    function Page() {
      const q = useQuery({
        queryKey: ['frame-test'],
        queryFn: () => {
          calls += 1;
          if (calls === 1) return Promise.reject(new ApiError('Server says no', 500));
          return Promise.resolve('loaded');
        },
        throwOnError: true,
      });
      return <p>{q.data ?? 'waiting'}</p>;
    }
    const { user } = renderWithHost(
      <Frame>
        <Page />
      </Frame>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Server says no');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('loaded')).toBeInTheDocument());
    expect(calls).toBe(2);
  });

  it("passes any other error on to the shell's boundary", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): ReactNode {
      throw new Error('bug');
    }
    renderWithHost(
      <Outer>
        <Frame>
          <Broken />
        </Frame>
      </Outer>,
    );
    expect(screen.getByText('shell boundary: Error: bug')).toBeInTheDocument();
  });
});
