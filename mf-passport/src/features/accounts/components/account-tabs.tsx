import { useRef, type KeyboardEvent } from 'react';
// antd-mobile's tab styles only: the same look as its Tabs, without its script (react-spring for the
// sliding line, resize and mutation observers, a forced layout on mount) on the login page's first
// screen (issue 24, TBT). The active line is drawn under the active title by CSS (passport.css).
import 'antd-mobile/es/components/tabs/tabs.css';

export interface AccountTab<K extends string> {
  key: K;
  title: string;
}

export interface AccountTabsProps<K extends string> {
  tabs: AccountTab<K>[];
  active: K;
  onChange: (key: K) => void;
  rtl: boolean;
  /** id prefix of the tabs; the panel they control is `${idPrefix}-panel` (see `accountTabPanelProps`). */
  idPrefix: string;
  className?: string;
}

export const accountTabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;

/** What the element that shows the chosen tab's fields carries (role=tabpanel, labelled by its tab). */
export const accountTabPanelProps = (idPrefix: string, active: string) => ({
  role: 'tabpanel' as const,
  id: `${idPrefix}-panel`,
  'aria-labelledby': accountTabId(idPrefix, active),
});

/**
 * A tab list in antd-mobile's Tabs markup and classes (role=tablist/tab, aria-selected, one tab in
 * the tab order), following the WAI-ARIA tabs pattern with automatic activation: arrow keys move
 * to the next / previous tab (mirrored right-to-left), Home and End to the first / last.
 */
export function AccountTabs<K extends string>({
  tabs,
  active,
  onChange,
  rtl,
  idPrefix,
  className,
}: AccountTabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    list.current?.ownerDocument.getElementById(accountTabId(idPrefix, tab.key))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((t) => t.key === active);
    const next = rtl ? 'ArrowLeft' : 'ArrowRight';
    const previous = rtl ? 'ArrowRight' : 'ArrowLeft';
    let to: number | undefined;
    if (event.key === next) to = current + 1;
    else if (event.key === previous) to = current - 1;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = tabs.length - 1;
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };
  return (
    <div className={['adm-tabs', className].filter(Boolean).join(' ')} style={{ direction: rtl ? 'rtl' : 'ltr' }}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-tab-list" role="tablist" ref={list} onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const selected = tab.key === active;
            return (
              <div key={tab.key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  id={accountTabId(idPrefix, tab.key)}
                  aria-selected={selected}
                  aria-controls={`${idPrefix}-panel`}
                  tabIndex={selected ? 0 : -1}
                  className={selected ? 'adm-tabs-tab adm-tabs-tab-active' : 'adm-tabs-tab'}
                  onClick={() => onChange(tab.key)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    onChange(tab.key);
                  }}
                >
                  {tab.title}
                  {selected && <span className="adm-tabs-tab-line passport-tab-line" aria-hidden="true" />}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
