import { lazy, Suspense, useState } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { TOAST_DEFAULT_MS, type LoadingService, type ModalService, type ToastService } from '@cardwallet/shared';

type T = (key: string) => string;

const overlays = () => import('./antd-overlays');
const LoadingOverlay = lazy(overlays);

export function createToastService(): ToastService {
  return {
    show(message, options = {}) {
      void overlays().then(({ Toast }) =>
        Toast.show({ content: message, duration: options.durationMs ?? TOAST_DEFAULT_MS, icon: options.icon }),
      );
    },
    clear: () => void overlays().then(({ Toast }) => Toast.clear()),
  };
}

export function createModalService(t: T): ModalService {
  return {
    // Fixed title, one confirm button, no cancel (spec §8).
    error: async (content) =>
      (await overlays()).Dialog.alert({ title: t('modal.errorTitle'), content, confirmText: t('modal.ok') }),
    alert: async ({ title, content, confirmText }) =>
      (await overlays()).Dialog.alert({ title, content, confirmText: confirmText ?? t('modal.ok') }),
    confirm: async ({ title, content, confirmText, cancelText }) =>
      (await overlays()).Dialog.confirm({
        title,
        content,
        confirmText: confirmText ?? t('modal.ok'),
        cancelText: cancelText ?? t('page.back'),
      }),
  };
}

/** Counted loading mask: open while any marked request is in flight. */
const loadingStore = createStore<{ count: number; clickToClose: boolean }>(() => ({ count: 0, clickToClose: true }));

export function createLoadingService(): LoadingService {
  return {
    show(options = {}) {
      const s = loadingStore.getState();
      loadingStore.setState({
        count: s.count + 1,
        clickToClose: s.count === 0 ? options.clickToClose !== false : s.clickToClose && options.clickToClose !== false,
      });
    },
    hide() {
      loadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));
    },
  };
}

export function LoadingMask({ label }: { label: string }) {
  const { count, clickToClose } = useStore(loadingStore);
  const [used, setUsed] = useState(false);
  if (count > 0 && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LoadingOverlay
        visible={count > 0}
        label={label}
        onMaskClick={() => clickToClose && loadingStore.setState({ count: 0 })}
      />
    </Suspense>
  );
}

/** "Connection to server timed out, tap screen to retry": one prompt shared by every timed-out call. */
const timeoutStore = createStore<{ message: string | null; waiters: Array<(retry: boolean) => void> }>(() => ({
  message: null,
  waiters: [],
}));

export function askRetryAfterTimeout(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    timeoutStore.setState((s) => ({ message, waiters: [...s.waiters, resolve] }));
  });
}

function settleTimeout(retry: boolean) {
  const { waiters } = timeoutStore.getState();
  timeoutStore.setState({ message: null, waiters: [] });
  for (const w of waiters) w(retry);
}

export function TimeoutPrompt({ dismissLabel }: { dismissLabel: string }) {
  const message = useStore(timeoutStore, (s) => s.message);
  if (!message) return null;
  return (
    <div className="cw-timeout-mask cw-fade-in" role="alertdialog" aria-label={message}>
      <button type="button" className="cw-timeout-mask" onClick={() => settleTimeout(true)}>
        {message}
      </button>
      <button
        type="button"
        style={{
          position: 'relative',
          zIndex: 2001,
          background: 'transparent',
          color: '#fff',
          border: '1px solid #fff',
          borderRadius: 16,
          padding: '6px 16px',
        }}
        onClick={() => settleTimeout(false)}
      >
        {dismissLabel}
      </button>
    </div>
  );
}

/** The 401 modal: only one at a time, however many requests failed together. */
export function createLoginPrompt(t: T, goToLogin: () => void, goBack: () => void) {
  let open = false;
  return function askToLogin(mode: 'modal' | 'redirect') {
    if (mode === 'redirect') {
      goToLogin();
      return;
    }
    if (open) return;
    open = true;
    void overlays()
      .then(({ Dialog }) =>
        Dialog.confirm({
          title: t('login.tip'),
          content: t('login.needLogin'),
          confirmText: t('login.goLogin'),
          cancelText: t('login.back'),
        }),
      )
      .then((confirmed) => {
        open = false;
        if (confirmed) goToLogin();
        else goBack();
      });
  };
}
