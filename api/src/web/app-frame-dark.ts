/**
 * The painted app frame (app-frame.ts FRAME_CSS) and the offline page on a phone set to dark: the
 * same colours as the dark theme (shared/src/ui/theme.css, `prefers-color-scheme: dark`), so the first
 * paint is not a white flash before the app's CSS arrives. `html` in front of the offline page's rules:
 * its own (light) CSS comes after this in the same `<style>`. `color-scheme` makes the browser's
 * canvas and scrollbars dark too, before any CSS of the app.
 */
export const FRAME_DARK_CSS =
  ':root{color-scheme:light dark}' +
  '@media (prefers-color-scheme:dark){' +
  'html,body,#root{background:#121317}' +
  'body{color:#e8e9ec}' +
  '.cwf-head{background:#1c1d22;border-bottom-color:#2a2c32}' +
  '.cwf-title,.cwf-on{color:#eceef2}' +
  '.cwf-card,.cwf-line,.cwf-tab i{background:#26282e}' +
  '.cwf-tabs{background:#1c1d22;border-top-color:#2a2c32}' +
  '.cwf-tab{color:#a3a7af}' +
  // The route skeletons' rules (route-skeleton.ts) come after the frame's in their own <style>, so
  // these carry the extra `html` to outweigh them. The hero band is dark in both themes.
  'html .cwf-h1{color:#eceef2}' +
  'html .cwf-top p,html .cwf-gate p,html .cwf-text{color:#b9bcc3}' +
  'html .cwf-list{background:#1c1d22}' +
  'html .cwf-row{border-bottom-color:#2a2c32}' +
  'html .cwf-notice{background:#362c0c;color:#f5d27a}' +
  'html .cwf-panel{background:#1c1d22;color:#e8e9ec}' +
  'html .cwf-panel p{color:#c4c7cd}' +
  'html .cwf-bullets li::before{box-shadow:0 0 0 2px #3a2f0a}' +
  // The dark bands (the home page's hero and balance card, the wallet's total) are the dark
  // theme's --cw-brand-dark, as React's are: no change of shade when the page takes over.
  'html .cwf-hero,html .cwf-fig,html .cwf-total{background:#2a2d35}' +
  'html .cwo{background:#121317}' +
  'html .cwo h1{color:#eceef2}' +
  'html .cwo p{color:#c4c7cd}' +
  'html .cwo a{background:#f5b800;color:#1d1f24}' +
  'html .cwo a:focus-visible{outline-color:#8ab4ff}' +
  '}';
