import Badge from 'antd-mobile/es/components/badge';
import Tabs from 'antd-mobile/es/components/tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useHost } from '@cardwallet/shared';
import {
  announcementsKey,
  useAnnouncements,
  useReadAllAnnouncements,
  useUnreadAnnouncements,
} from './api/announcements';
import { useMarkAllRead, useMessages, useUnreadCount } from './api/messages';
import { InboxList } from './components/inbox-list';
import { useInformationTranslation } from './i18n';
import './information.css';

type Tab = 'message' | 'announcement';

/** Message centre (spec §2 index/information): Message and Announcement tabs with unread counts. */
export default function InformationPage() {
  const { t, i18n } = useInformationTranslation();
  const host = useHost();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'announcement' ? 'announcement' : 'message';
  const unreadMessages = useUnreadCount().data?.messages ?? 0;
  const unreadAnnouncements = useUnreadAnnouncements().data?.announcements ?? 0;

  const title = (label: string, count: number) => (
    <Badge content={count > 0 ? (count > 999 ? '999+' : count) : null}>
      <span className="cw-tab-label">{label}</span>
    </Badge>
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'announcement' ? { tab: 'announcement' } : {}, { replace: true })}
      direction={i18n.dir() === 'rtl' ? 'rtl' : 'ltr'}
      className="cw-information-tabs"
    >
      <Tabs.Tab key="message" title={title(t('tabMessages'), unreadMessages)}>
        <MessagesTab
          unread={unreadMessages}
          onOpen={(id) => host.navigation.navigate(`/pages/index/information-detail?id=${id}`)}
        />
      </Tabs.Tab>
      <Tabs.Tab key="announcement" title={title(t('tabAnnouncements'), unreadAnnouncements)}>
        <AnnouncementsTab
          unread={unreadAnnouncements}
          onOpen={(id) => host.navigation.navigate(`/pages/index/information-detail?type=announcement&id=${id}`)}
        />
      </Tabs.Tab>
    </Tabs>
  );
}

function MessagesTab({ unread, onOpen }: { unread: number; onOpen: (id: string) => void }) {
  const { t } = useInformationTranslation();
  const host = useHost();
  const messages = useMessages();
  const markAll = useMarkAllRead();
  const items = (messages.data?.pages.flatMap((p) => p.data) ?? []).map((m) => ({
    id: m.id,
    title: m.title,
    preview: m.body,
    at: m.createdAt,
    read: m.read,
  }));
  return (
    <InboxList
      query={messages}
      items={items}
      unreadCount={unread}
      markAll={{
        pending: markAll.isPending,
        run: () =>
          markAll.mutate(undefined, { onSuccess: () => host.toast.show(t('markedAllRead'), { icon: 'success' }) }),
      }}
      empty={{ title: t('emptyTitle'), body: t('emptyBody') }}
      onOpen={onOpen}
    />
  );
}

function AnnouncementsTab({ unread, onOpen }: { unread: number; onOpen: (id: string) => void }) {
  const { t } = useInformationTranslation();
  const host = useHost();
  const queryClient = useQueryClient();
  const announcements = useAnnouncements();
  const readAll = useReadAllAnnouncements();
  const items = (announcements.data?.pages.flatMap((p) => p.data) ?? []).map((a) => ({
    id: a.id,
    title: a.title,
    preview: a.summary,
    at: a.publishedAt,
    read: a.read ?? true,
    pinned: a.pinned,
  }));
  return (
    <InboxList
      query={announcements}
      items={items}
      unreadCount={unread}
      markAll={{
        pending: readAll.isPending,
        run: () =>
          readAll.mutate(undefined, {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: announcementsKey });
              host.toast.show(t('markedAllRead'), { icon: 'success' });
            },
          }),
      }}
      empty={{ title: t('emptyAnnouncementsTitle'), body: t('emptyAnnouncementsBody') }}
      onOpen={onOpen}
    />
  );
}
