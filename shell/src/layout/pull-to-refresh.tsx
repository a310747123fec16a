import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useConfig } from 'antd-mobile/es/components/config-provider';
import { attachPullGesture, type PullStatus } from './pull-gesture';
import './pull-to-refresh.css';

export interface PullToRefreshProps {
  /** Fetches the page's data again; the head stays open until it settles. */
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * The yellow pull-to-refresh of spec §2 (pull-gesture.ts: why not antd-mobile's). Its words are
 * antd-mobile's own, in the language of the shell's ConfigProvider; the head announces them as a
 * status while it is open.
 */
export function PullToRefresh({ onRefresh, children }: PullToRefreshProps) {
  const { locale } = useConfig();
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const refreshRef = useRef(onRefresh);
  const [status, setStatus] = useState<PullStatus>('idle');
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);
  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    if (!root || !head) return;
    return attachPullGesture(root, {
      setHeight(px, settling) {
        head.classList.toggle('cw-ptr-settling', settling);
        head.style.height = `${Math.round(px)}px`;
      },
      onStatus: setStatus,
      refresh: () => refreshRef.current(),
    });
  }, []);
  const texts = locale.PullToRefresh;
  const text = {
    idle: '',
    pulling: texts.pulling,
    canRelease: texts.canRelease,
    refreshing: `${locale.common.loading}...`,
    complete: texts.complete,
  }[status];
  return (
    <div ref={rootRef} className="cw-ptr">
      <div ref={headRef} className="cw-ptr-head" role="status">
        {text && <div className="cw-ptr-text">{text}</div>}
      </div>
      {children}
    </div>
  );
}
