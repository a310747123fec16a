// What the browser benches (first-tap-bench, measure-performance, repeat-visit-bench) share: the
// system Chromium, a phone-sized context, the sandbox demo customer's session, the issue-24
// throttling and a median. Not part of npm test.
import { chromium } from '@playwright/test';

/** Issue 24's phone: 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const THROTTLING = {
  cpuRate: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};

/** The phone every bench measures: iPhone-sized viewport, touch, en-US. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' };

/** Headless system Chromium (never a downloaded one); CHROMIUM_PATH overrides. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', ...extraArgs],
  });
}

/** The server's address from argv[2], without a trailing slash. */
export const baseUrl = (fallback = 'http://127.0.0.1:8080') => (process.argv[2] ?? fallback).replace(/\/$/, '');

/** Signs the sandbox demo customer in through the real API; returns the sign-in's data (token, userId). */
export async function demoSession(base) {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@cardwallet.test', password: 'Demo1234!' }),
  });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`demo login failed: ${body.msg}`);
  return body.data;
}

/**
 * What a sign-in's answer leaves in the browser: the HttpOnly session cookie, and the non-secret
 * facts the shell keeps (user id, expiry). `saveData` makes the page report Save-Data.
 */
export async function signInContext(context, base, demo, { saveData = false } = {}) {
  await context.addCookies([
    {
      name: 'cw_session',
      value: demo.token,
      domain: new URL(base).hostname,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Strict',
      expires: Math.floor(Date.now() / 1000) + 86_400,
    },
  ]);
  await context.addInitScript(
    ({ userId, saveData }) => {
      if (!localStorage.getItem('userId')) {
        localStorage.setItem('userId', userId);
        localStorage.setItem('sessionExpiresAt', String(Date.now() + 86_400_000));
      }
      if (saveData) Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
    },
    { userId: demo.userId, saveData },
  );
}

/** Applies THROTTLING to a page over CDP (before its navigation). */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLING.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
}

/** The median (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
