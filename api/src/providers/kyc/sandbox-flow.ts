import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@cardwallet/shared/schemas';
import { ImageFilter } from '../../media/image-filter.js';
import type { SandboxVerificationProvider } from './sandbox.js';

/**
 * The sandbox provider's hosted flow — the page its "Web SDK" shows inside our kyc-lv2-sumsub page
 * (an iframe), served under the provider's own path `/sandbox-provider/kyc/*`, not under our API.
 * Document photos and a selfie (camera or file) go to the provider, never to us; the decision comes
 * back to our API only as a signed webhook. The page talks to its parent with postMessage events
 * shaped like Sumsub's (`idCheck.onApplicantSubmitted`, `idCheck.onTokenExpired`), which only steer
 * navigation — they never decide anything.
 */
const TEXT = {
  'en-US': {
    title: 'Identity check',
    intro: 'Photograph your identity document and take a selfie. We check that they match.',
    name: 'Applicant',
    documentNumber: 'Document number as printed on the document',
    document: 'Photo of the document (front)',
    selfie: 'Selfie (camera or file)',
    submit: 'Submit for review',
    sending: 'Sending…',
    done: 'Thank you. Your documents are being reviewed.',
    expired: 'This session has expired. Please start again.',
    refused: 'Please add a JPEG or PNG photo of the document and a selfie, and the document number.',
    already: 'Your documents were already submitted.',
    provider: 'Sandbox verification provider',
  },
  'zh-HK': {
    title: '身份核實',
    intro: '請拍攝你的身份證明文件並自拍一張，我們會核對兩者是否相符。',
    name: '申請人',
    documentNumber: '證件上印有的證件號碼',
    document: '證件相片（正面）',
    selfie: '自拍（相機或檔案）',
    submit: '提交審核',
    sending: '正在傳送…',
    done: '謝謝，你的文件正在審核中。',
    expired: '此工作階段已過期，請重新開始。',
    refused: '請加入證件的 JPEG 或 PNG 相片、一張自拍及證件號碼。',
    already: '你的文件已經提交。',
    provider: '沙盒驗證服務商',
  },
  'ar-AE': {
    title: 'التحقق من الهوية',
    intro: 'صوّر وثيقة هويتك والتقط صورة ذاتية. سنتحقق من تطابقهما.',
    name: 'مقدم الطلب',
    documentNumber: 'رقم الوثيقة كما هو مطبوع عليها',
    document: 'صورة الوثيقة (الوجه الأمامي)',
    selfie: 'صورة ذاتية (الكاميرا أو ملف)',
    submit: 'إرسال للمراجعة',
    sending: 'جارٍ الإرسال…',
    done: 'شكرًا لك. مستنداتك قيد المراجعة.',
    expired: 'انتهت صلاحية هذه الجلسة. يرجى البدء من جديد.',
    refused: 'يرجى إضافة صورة JPEG أو PNG للوثيقة وصورة ذاتية ورقم الوثيقة.',
    already: 'تم إرسال مستنداتك بالفعل.',
    provider: 'مزوّد التحقق التجريبي',
  },
  'tr-TR': {
    title: 'Kimlik kontrolü',
    intro: 'Kimlik belgenizin fotoğrafını çekin ve bir selfie çekin. Eşleştiklerini kontrol ederiz.',
    name: 'Başvuru sahibi',
    documentNumber: 'Belgede yazan belge numarası',
    document: 'Belgenin fotoğrafı (ön yüz)',
    selfie: 'Selfie (kamera veya dosya)',
    submit: 'İncelemeye gönder',
    sending: 'Gönderiliyor…',
    done: 'Teşekkürler. Belgeleriniz inceleniyor.',
    expired: 'Bu oturumun süresi doldu. Lütfen yeniden başlayın.',
    refused: 'Lütfen belgenin JPEG veya PNG fotoğrafını, bir selfie ve belge numarasını ekleyin.',
    already: 'Belgeleriniz zaten gönderildi.',
    provider: 'Sandbox doğrulama sağlayıcısı',
  },
} as const;
type Lang = keyof typeof TEXT;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: Lang): string {
  const t = TEXT[lang];
  const dir = lang === 'ar-AE' ? 'rtl' : 'ltr';
  const messages = JSON.stringify({
    sending: t.sending,
    done: t.done,
    expired: t.expired,
    refused: t.refused,
    already: t.already,
    submit: t.submit,
  });
  return `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1a1a1a;background:#fff;font-size:16px}
h1{font-size:20px;margin:0 0 8px}p{margin:0 0 12px;line-height:1.5}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #6b6b6b;border-radius:6px;font-size:16px;direction:ltr}
input[type=file]{width:100%}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#1d3a8a;color:#fff;font-size:16px;font-weight:600}
button[disabled]{background:#4b5563}
.status{margin-top:16px;padding:12px;border-radius:6px;background:#eef2ff}
.status:empty{display:none}
footer{margin-top:24px;font-size:13px;color:#4b5563}
</style></head>
<body><main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p>${escapeHtml(t.name)}: <strong id="applicant"></strong></p>
<form id="flow" novalidate>
<label for="documentNumber">${escapeHtml(t.documentNumber)}</label>
<input id="documentNumber" name="documentNumber" type="text" autocomplete="off" required>
<label for="document">${escapeHtml(t.document)}</label>
<input id="document" name="document" type="file" accept="image/jpeg,image/png" required>
<label for="selfie">${escapeHtml(t.selfie)}</label>
<input id="selfie" name="selfie" type="file" accept="image/jpeg,image/png" capture="user" required>
<button id="submit" type="submit">${escapeHtml(t.submit)}</button>
</form>
<div id="status" class="status" role="status" aria-live="polite"></div>
<footer>${escapeHtml(t.provider)}</footer>
</main>
<script>
(function(){
  var M=${messages.replace(/</g, '\\u003c')};
  var token=(new URLSearchParams(location.hash.slice(1))).get('accessToken')||'';
  history.replaceState(null,'',location.pathname+location.search);
  var status=document.getElementById('status'), form=document.getElementById('flow'), button=document.getElementById('submit');
  function tell(type,payload){ if(window.parent!==window) window.parent.postMessage({source:'sandbox-kyc',type:type,payload:payload||{}},'*'); }
  function expired(){ status.textContent=M.expired; form.hidden=true; tell('idCheck.onTokenExpired'); }
  fetch('applicant',{headers:{'X-Access-Token':token}}).then(function(r){return r.json();}).then(function(a){
    if(!a.ok){ expired(); return; }
    document.getElementById('applicant').textContent=a.firstName+' '+a.lastName;
    if(a.reviewStatus!=='init'){ form.hidden=true; status.textContent=M.already; }
    tell('idCheck.onReady');
  }).catch(expired);
  form.addEventListener('submit',function(ev){
    ev.preventDefault();
    var fd=new FormData(form);
    if(!fd.get('documentNumber')||!document.getElementById('document').files.length||!document.getElementById('selfie').files.length){ status.textContent=M.refused; return; }
    button.disabled=true; button.textContent=M.sending;
    fetch('submit',{method:'POST',headers:{'X-Access-Token':token},body:fd}).then(function(r){return r.json();}).then(function(res){
      if(res.ok){ form.hidden=true; status.textContent=M.done; tell('idCheck.onApplicantSubmitted'); return; }
      if(res.error==='expired'){ expired(); return; }
      status.textContent=res.error==='already'?M.already:M.refused; button.disabled=false; button.textContent=M.submit;
    }).catch(function(){ status.textContent=M.refused; button.disabled=false; button.textContent=M.submit; });
  });
})();
</script></body></html>`;
}

/** Registers the hosted flow's routes on `app` (a context whose routes live outside /api). */
export async function registerSandboxFlow(app: FastifyInstance, provider: SandboxVerificationProvider): Promise<void> {
  await app.register(multipart);
  const tokenOf = (h: unknown) => (typeof h === 'string' ? h.slice(0, 200) : '');

  app.get('/sandbox-provider/kyc/sdk', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const lang = (typeof q.lang === 'string' && q.lang in TEXT ? q.lang : 'en-US') as Lang;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(page(lang));
  });

  app.get('/sandbox-provider/kyc/applicant', async (request, reply) => {
    const applicant = await provider.applicantOfToken(tokenOf(request.headers['x-access-token']));
    reply.header('Cache-Control', 'no-store');
    if (!applicant) return { ok: false, error: 'expired' };
    return {
      ok: true,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      reviewStatus: applicant.reviewStatus,
    };
  });

  app.post('/sandbox-provider/kyc/submit', async (request) => {
    const applicant = await provider.applicantOfToken(tokenOf(request.headers['x-access-token']));
    if (!applicant) return { ok: false, error: 'expired' };
    if (applicant.reviewStatus !== 'init') return { ok: false, error: 'already' };
    if (!request.isMultipart()) return { ok: false, error: 'refused' };
    let documentNumber = '';
    const images = new Set<string>();
    try {
      for await (const part of request.parts({
        limits: { fileSize: UPLOAD_MAX_BYTES, files: 4, fields: 5, fieldSize: 64 },
      })) {
        if (part.type === 'field') {
          if (part.fieldname === 'documentNumber') documentNumber = String(part.value ?? '').trim();
          continue;
        }
        // The provider keeps the photos on its side; the sandbox checks them and keeps nothing.
        const filter = new ImageFilter(UPLOAD_MAX_BYTES);
        await pipeline(part.file, filter, new Writable({ write: (_c, _e, cb) => cb() }));
        if (part.file.truncated) return { ok: false, error: 'refused' };
        images.add(part.fieldname);
      }
    } catch {
      return { ok: false, error: 'refused' };
    }
    if (!documentNumber || !images.has('document') || !images.has('selfie')) return { ok: false, error: 'refused' };
    try {
      await provider.submit(applicant, documentNumber);
    } catch {
      return { ok: false, error: 'already' };
    }
    void provider.deliverDue().catch(() => {});
    return { ok: true };
  });
}
