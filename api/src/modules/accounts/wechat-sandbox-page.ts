import type { Locale } from '@cardwallet/shared';

const TEXT: Record<Locale, Record<'title' | 'lead' | 'name' | 'allow' | 'deny' | 'note', string>> = {
  'en-US': {
    title: 'WeChat authorisation (sandbox)',
    lead: 'CardWallet asks to use your WeChat identity (nickname and profile) to sign you in.',
    name: 'Sandbox WeChat user',
    allow: 'Allow',
    deny: 'Deny',
    note: "This page stands in for WeChat's authorisation page; in production the customer scans a QR code or confirms in WeChat.",
  },
  'zh-HK': {
    title: '微信授權（沙盒）',
    lead: 'CardWallet 申請使用您的微信身份（暱稱及頭像）為您登入。',
    name: '沙盒微信用戶',
    allow: '允許',
    deny: '拒絕',
    note: '此頁面代替微信的授權頁面；正式環境中，客戶會掃描二維碼或在微信內確認。',
  },
  'ar-AE': {
    title: 'تفويض WeChat (بيئة تجريبية)',
    lead: 'يطلب CardWallet استخدام هويتك في WeChat (الاسم المستعار والملف الشخصي) لتسجيل دخولك.',
    name: 'مستخدم WeChat التجريبي',
    allow: 'السماح',
    deny: 'الرفض',
    note: 'تحل هذه الصفحة محل صفحة التفويض في WeChat؛ في بيئة الإنتاج يمسح العميل رمز QR أو يؤكد داخل WeChat.',
  },
  'tr-TR': {
    title: 'WeChat yetkilendirmesi (deneme ortamı)',
    lead: 'CardWallet, sizi giriş yaptırmak için WeChat kimliğinizi (takma ad ve profil) kullanmak istiyor.',
    name: 'Deneme ortamı WeChat kullanıcısı',
    allow: 'İzin ver',
    deny: 'Reddet',
    note: 'Bu sayfa WeChat yetkilendirme sayfasının yerini tutar; gerçek ortamda müşteri bir QR kodu tarar veya WeChat içinde onaylar.',
  },
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, script-free page that passes axe: one form, labelled input, two submit buttons. */
export function sandboxPage(locale: Locale, title: string, body: string): string {
  const rtl = locale === 'ar-AE';
  return `<!doctype html>
<html lang="${locale}" dir="${rtl ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#ededed;color:#111}
main{max-inline-size:500px;margin-inline:auto;padding:24px 16px}
h1{font-size:1.25rem;color:#065f2c}
label{display:block;margin-block:16px 4px;font-weight:600}
input{inline-size:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #555;border-radius:6px}
.actions{display:flex;gap:12px;margin-block-start:20px}
button{flex:1;padding:12px;font-size:1rem;border-radius:6px;border:1px solid #065f2c;cursor:pointer}
button[value=allow],button.primary{background:#065f2c;color:#fff}
button[value=deny]{background:#fff;color:#065f2c}
.amount{font-size:2rem;font-weight:700;direction:ltr;unicode-bidi:isolate}
p.note{font-size:.875rem;color:#333}
</style></head>
<body><main>${body}</main></body></html>`;
}

export function sandboxAuthorizePage(locale: Locale, p: { action: string; query: URLSearchParams }): string {
  const t = TEXT[locale] ?? TEXT['en-US'];
  const hidden = ['appid', 'redirect_uri', 'response_type', 'scope', 'state']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.query.get(k) ?? '')}">`)
    .join('');
  return sandboxPage(
    locale,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.lead)}</p>
<form method="get" action="${escapeHtml(p.action)}">${hidden}
<label for="name">${escapeHtml(t.name)}</label>
<input id="name" name="name" maxlength="32" value="Sandbox WeChat user" autocomplete="off">
<div class="actions"><button type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t.deny)}</button></div>
</form>
<p class="note">${escapeHtml(t.note)}</p>`,
  );
}
