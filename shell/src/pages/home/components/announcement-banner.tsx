import { useRef, useState, type PointerEvent } from 'react';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { SWIPE_DURATION_MS, useHost } from '@cardwallet/shared';
import type { ArticleSummary } from '../../information/api/announcements';
import { useSignedInTranslation } from '../i18n/signed-in';

/** A swipe shorter than this (px) springs back; longer moves one slide. */
const SWIPE_THRESHOLD_PX = 40;

export const announcementUrl = (id: string) =>
  `/pages/index/information-detail?type=announcement&id=${encodeURIComponent(id)}`;

/**
 * The latest announcements as a swipeable banner (spec §9: a swipe takes 300 ms). An accessible
 * carousel: slides are labelled "n of m", only the shown one is focusable, previous/next buttons
 * and one button per slide for keyboard and switch users; no autoplay (nothing moves on its own).
 * Right to left, the track runs the other way and so does the swipe.
 */
export function AnnouncementBanner({ items }: { items: ArticleSummary[] }) {
  const { t, i18n } = useSignedInTranslation();
  const { navigation } = useHost();
  const rtl = i18n.dir() === 'rtl';
  const [index, setIndex] = useState(0);
  const [dragPx, setDragPx] = useState<number | null>(null);
  const start = useRef<{ x: number; y: number; pointer: number } | null>(null);
  const swiped = useRef(false);
  const count = items.length;
  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
    swiped.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from || from.pointer !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (dragPx === null && Math.abs(dx) < 8) return;
    if (dragPx === null && Math.abs(event.clientY - from.y) > Math.abs(dx)) {
      start.current = null; // a vertical scroll, not a swipe
      return;
    }
    swiped.current = true;
    setDragPx(dx);
  };
  const onPointerEnd = () => {
    const dx = dragPx ?? 0;
    start.current = null;
    setDragPx(null);
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || count < 2) return;
    const forward = rtl ? dx > 0 : dx < 0;
    go(current + (forward ? 1 : -1));
  };

  const offset = `calc(${(rtl ? 1 : -1) * current * 100}% + ${dragPx ?? 0}px)`;
  return (
    <section className="cw-home-banner" aria-roledescription="carousel" aria-labelledby="home-announcements">
      <h2 id="home-announcements" className="cw-home-heading">
        {t('announcements')}
      </h2>
      <div
        className="cw-home-banner-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          // The end of a swipe is not a tap on the slide.
          if (swiped.current) {
            event.preventDefault();
            event.stopPropagation();
            swiped.current = false;
          }
        }}
      >
        <div
          className={dragPx === null ? 'cw-home-banner-track' : 'cw-home-banner-track cw-dragging'}
          style={{ transform: `translateX(${offset})`, transitionDuration: `${SWIPE_DURATION_MS}ms` }}
          data-testid="home-banner-track"
          data-index={current}
        >
          {items.map((item, i) => {
            const shown = i === current;
            return (
              <div
                key={item.id}
                className="cw-home-banner-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('bannerSlide', { index: i + 1, total: count })}
                aria-hidden={shown ? undefined : true}
                inert={!shown}
              >
                <a
                  href={`/pages/index/information-detail?type=announcement&id=${encodeURIComponent(item.id)}`}
                  className="cw-home-banner-link"
                  onClick={(event) => {
                    event.preventDefault();
                    navigation.navigate(announcementUrl(item.id));
                  }}
                >
                  <strong>
                    {item.read === false && <span className="cw-home-dot" role="img" aria-label={t('unread')} />}
                    {item.title}
                  </strong>
                  <span>{item.summary}</span>
                </a>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="cw-home-banner-controls">
          <button
            type="button"
            className="cw-home-banner-arrow"
            aria-label={t('previous')}
            onClick={() => go(current - 1)}
          >
            {rtl ? <RightOutline aria-hidden /> : <LeftOutline aria-hidden />}
          </button>
          <ul className="cw-home-banner-dots">
            {items.map((item, i) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="cw-home-banner-dot"
                  aria-label={t('showSlide', { index: i + 1 })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="cw-home-banner-arrow" aria-label={t('next')} onClick={() => go(current + 1)}>
            {rtl ? <LeftOutline aria-hidden /> : <RightOutline aria-hidden />}
          </button>
        </div>
      )}
    </section>
  );
}
