// Emits the web app manifest (manifest.webmanifest) and its PNG icons, drawn here at build time
// (no image files in the repository; shared/build/png.mjs encodes them): the icon is a card on the theme colour.
// Sizes Chromium asks for an installable app: 192 and 512 px ("any"), and a 512 px maskable icon
// whose drawing stays inside the 80 % safe circle.
import { rgbPng } from '../../shared/build/png.mjs';

export const THEME_COLOR = '#1d1f24';
const BACKGROUND = [0x1d, 0x1f, 0x24];
const CARD = [0xf5, 0xf6, 0xf8];
const STRIPE = [0x3a, 0x7b, 0xf6];

/** An RGB PNG of `size`² px: a rounded card (scale: its width as a share of the icon) with a stripe. */
export function iconPng(size, scale) {
  const cardW = size * scale;
  const cardH = cardW * 0.63;
  const x0 = (size - cardW) / 2;
  const y0 = (size - cardH) / 2;
  const radius = cardW * 0.08;
  return rgbPng(size, size, (x, y) => {
    const cx = x + 0.5 - x0;
    const cy = y + 0.5 - y0;
    if (cx < 0 || cy < 0 || cx > cardW || cy > cardH) return BACKGROUND;
    const dx = Math.max(radius - cx, cx - (cardW - radius), 0);
    const dy = Math.max(radius - cy, cy - (cardH - radius), 0);
    if (dx * dx + dy * dy > radius * radius) return BACKGROUND;
    return cy > cardH * 0.22 && cy < cardH * 0.38 ? STRIPE : CARD;
  });
}

/**
 * The tab's icon at /favicon.ico, where every browser asks for it when the page names none: an ICO
 * whose one image is a 32 px PNG (16 px tabs at 2× density), the same card drawn bolder. The page
 * names no other tab icon, so a cold visit fetches exactly one (without it, a 404 here and then the
 * 192 px PNG once the icon link is added after the paint).
 */
export const FAVICON = { file: 'favicon.ico', size: 32, scale: 0.9 };

export function faviconIco(png = iconPng(FAVICON.size, FAVICON.scale), size = FAVICON.size) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(1, 4); // one image
  header[6] = size >= 256 ? 0 : size; // width (0 means 256)
  header[7] = size >= 256 ? 0 : size; // height
  header[8] = 0; // no palette
  header[9] = 0; // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(24, 12); // bits per pixel (the PNG is RGB)
  header.writeUInt32LE(png.length, 14); // the image's length
  header.writeUInt32LE(header.length, 18); // where it starts
  return Buffer.concat([header, png]);
}

export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, scale: 0.78, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, scale: 0.78, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, scale: 0.6, purpose: 'maskable' },
];

export function webAppManifest(appName) {
  return {
    id: '/',
    name: appName,
    short_name: appName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f5f6f8',
    theme_color: THEME_COLOR,
    icons: ICONS.map((i) => ({
      src: `/${i.file}`,
      sizes: `${i.size}x${i.size}`,
      type: 'image/png',
      purpose: i.purpose,
    })),
  };
}

/** The files the service worker precaches besides the build's hashed ones. */
export const MANIFEST_FILES = ['/manifest.webmanifest', `/${FAVICON.file}`, ...ICONS.map((i) => `/${i.file}`)];

class WebAppManifestPlugin {
  constructor(appName) {
    this.appName = appName;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebAppManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'manifest.webmanifest',
            new RawSource(`${JSON.stringify(webAppManifest(this.appName), null, 2)}\n`),
          );
          for (const icon of ICONS) compilation.emitAsset(icon.file, new RawSource(iconPng(icon.size, icon.scale)));
          compilation.emitAsset(FAVICON.file, new RawSource(faviconIco()));
        },
      );
    });
  }
}

export function withWebAppManifest(appName, configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    config.plugins = [...(config.plugins ?? []), new WebAppManifestPlugin(appName)];
    return config;
  };
}
