import type { ArticleWriteBody } from '@cardwallet/shared/schemas';

type Text = { title: string; summary: string; body: string };
type Texts = Record<'en-US' | 'zh-HK' | 'ar-AE' | 'tr-TR', Text>;

const texts = (t: Texts): ArticleWriteBody['translations'] =>
  Object.fromEntries(
    Object.entries(t).map(([locale, { title, summary, body }]) => [locale, { title, summary, bodyHtml: body }]),
  ) as ArticleWriteBody['translations'];

/** The sandbox's published content (demo seed `content`), in the four languages of the product. */
export const DEMO_CONTENT: Array<ArticleWriteBody & { pinned?: boolean }> = [
  {
    kind: 'announcement',
    pinned: true,
    translations: texts({
      'en-US': {
        title: '3DS verification: confirm online payments in the app',
        summary: 'Approve with your passkey or transaction password, or decline with one tap.',
        body: '<p>When you pay online with your CardWallet card, the shop may ask for 3-D Secure. A request then appears over whatever page of the app you have open, and in your messages: the merchant, the amount in the shop’s currency and in USD, the card and the time left. Approve it with your passkey (or your transaction password), or decline it with one tap. Without an answer within 5 minutes the payment is declined. The statement shows “Approved in the app”, “Declined in the app” or “Timed out”. In the card settings you can also switch online, contactless, ATM and magnetic-stripe payments on and off, block merchant categories such as gambling, and set a lower monthly limit.</p>',
      },
      'zh-HK': {
        title: '3DS 驗證：在應用程式內確認網上付款',
        summary: '以通行密鑰或交易密碼批准，或一按拒絕。',
        body: '<p>使用 CardWallet 卡網上付款時，商店可能要求 3-D Secure 驗證。請求會顯示在你正開啟的應用程式頁面上及訊息中：商戶、以商店貨幣及美元計的金額、卡及剩餘時間。以通行密鑰（或交易密碼）批准，或一按拒絕。5 分鐘內未回覆，付款即被拒絕。賬單會顯示「已在應用程式內批准」、「已在應用程式內拒絕」或「已逾時」。你亦可在卡設定中開關網上、非接觸式、ATM 及磁帶付款，封鎖賭博等商戶類別，並設定較低的每月限額。</p>',
      },
      'ar-AE': {
        title: 'التحقق 3DS: أكّد المدفوعات عبر الإنترنت في التطبيق',
        summary: 'وافق بمفتاح المرور أو بكلمة مرور المعاملات، أو ارفض بنقرة واحدة.',
        body: '<p>عندما تدفع عبر الإنترنت ببطاقة CardWallet قد يطلب المتجر التحقق 3-D Secure. يظهر حينها طلب فوق أي صفحة مفتوحة في التطبيق وفي رسائلك: التاجر، والمبلغ بعملة المتجر وبالدولار الأمريكي، والبطاقة، والوقت المتبقي. وافق عليه بمفتاح المرور (أو بكلمة مرور المعاملات) أو ارفضه بنقرة واحدة. وإذا لم تُجب خلال 5 دقائق تُرفض الدفعة. يعرض كشف الحساب «تمت الموافقة في التطبيق» أو «مرفوضة في التطبيق» أو «انتهت المهلة». ويمكنك أيضًا من إعدادات البطاقة تشغيل المدفوعات عبر الإنترنت واللاتلامسية والسحب من الصراف الآلي والشريط المغناطيسي أو إيقافها، وحظر فئات تجار مثل المقامرة، وتحديد حد شهري أقل.</p>',
      },
      'tr-TR': {
        title: '3DS doğrulaması: çevrim içi ödemeleri uygulamada onaylayın',
        summary: 'Geçiş anahtarınız veya işlem şifrenizle onaylayın ya da tek dokunuşla reddedin.',
        body: '<p>CardWallet kartınızla çevrim içi ödeme yaptığınızda mağaza 3-D Secure isteyebilir. Bu durumda uygulamada açık olan sayfanın üzerinde ve mesajlarınızda bir istek görünür: işyeri, mağazanın para birimindeki ve USD cinsinden tutar, kart ve kalan süre. Geçiş anahtarınızla (veya işlem şifrenizle) onaylayın ya da tek dokunuşla reddedin. 5 dakika içinde yanıt verilmezse ödeme reddedilir. Hesap özetinde “Uygulamada onaylandı”, “Uygulamada reddedildi” veya “Süre doldu” yazar. Kart ayarlarından çevrim içi, temassız, ATM ve manyetik şerit ödemelerini açıp kapatabilir, kumar gibi işyeri kategorilerini engelleyebilir ve daha düşük bir aylık limit belirleyebilirsiniz.</p>',
      },
    }),
  },
  {
    kind: 'announcement',
    translations: texts({
      'en-US': {
        title: 'Scheduled maintenance on Sunday 02:00–03:00 UTC',
        summary: 'Deposits may be credited a little later.',
        body: '<p>We are upgrading our systems on Sunday between 02:00 and 03:00 UTC. Your funds are safe; deposits arriving during that hour are credited once it ends.</p>',
      },
      'zh-HK': {
        title: '星期日 02:00–03:00（UTC）系統維護',
        summary: '充值到賬可能稍有延遲。',
        body: '<p>我們將於星期日 02:00 至 03:00（UTC）升級系統。你的資金安全；該時段內到達的充值會在維護結束後入賬。</p>',
      },
      'ar-AE': {
        title: 'صيانة مجدولة يوم الأحد 02:00–03:00 بتوقيت UTC',
        summary: 'قد تتأخر إضافة الإيداعات قليلًا.',
        body: '<p>نقوم بترقية أنظمتنا يوم الأحد بين 02:00 و03:00 بتوقيت UTC. أموالك في أمان؛ والإيداعات التي تصل خلال تلك الساعة تُضاف بعد انتهائها.</p>',
      },
      'tr-TR': {
        title: 'Pazar 02:00–03:00 UTC planlı bakım',
        summary: 'Yatırmalar biraz gecikmeli geçebilir.',
        body: '<p>Sistemlerimizi Pazar günü 02:00 ile 03:00 UTC arasında güncelliyoruz. Paranız güvende; bu saatte gelen yatırmalar bakım bitince hesabınıza geçer.</p>',
      },
    }),
  },
  {
    kind: 'announcement',
    translations: texts({
      'en-US': {
        title: 'Invite friends, earn cashback',
        summary: 'Two levels of cashback when your friends open and top up cards.',
        body: '<p>Share your invitation link from <a href="/pages/share/index">Invite friends</a>. You earn cashback when your friends, and their friends, open a card or top it up.</p>',
      },
      'zh-HK': {
        title: '邀請好友，賺取返現',
        summary: '好友開卡及充值，你可獲兩級返現。',
        body: '<p>在<a href="/pages/share/index">邀請好友</a>分享你的邀請連結。當你的好友及其好友開卡或充值時，你可獲得返現。</p>',
      },
      'ar-AE': {
        title: 'ادعُ أصدقاءك واكسب استردادًا نقديًا',
        summary: 'مستويان من الاسترداد النقدي عندما يفتح أصدقاؤك بطاقات ويشحنونها.',
        body: '<p>شارك رابط دعوتك من <a href="/pages/share/index">دعوة الأصدقاء</a>. تكسب استردادًا نقديًا عندما يفتح أصدقاؤك وأصدقاؤهم بطاقة أو يشحنونها.</p>',
      },
      'tr-TR': {
        title: 'Arkadaşlarını davet et, nakit iade kazan',
        summary: 'Arkadaşların kart açıp yükledikçe iki seviyede nakit iade.',
        body: '<p>Davet bağlantını <a href="/pages/share/index">Arkadaşlarını davet et</a> sayfasından paylaş. Arkadaşların ve onların arkadaşları kart açtığında veya yüklediğinde nakit iade kazanırsın.</p>',
      },
    }),
  },
  {
    kind: 'news',
    translations: texts({
      'en-US': {
        title: 'USDC on Ethereum is now supported',
        summary: 'Deposit and withdraw USDC over ERC-20.',
        body: '<p>You can now deposit and withdraw USDC on the Ethereum network (ERC-20). Network fees are shown before you confirm a withdrawal.</p>',
      },
      'zh-HK': {
        title: '現已支援以太坊上的 USDC',
        summary: '可透過 ERC-20 充值及提現 USDC。',
        body: '<p>你現在可以在以太坊網絡（ERC-20）充值及提現 USDC。確認提現前會顯示網絡手續費。</p>',
      },
      'ar-AE': {
        title: 'أصبح USDC على شبكة إيثيريوم مدعومًا',
        summary: 'أودِع واسحب USDC عبر ERC-20.',
        body: '<p>يمكنك الآن إيداع USDC وسحبه على شبكة إيثيريوم (ERC-20). تُعرض رسوم الشبكة قبل أن تؤكد السحب.</p>',
      },
      'tr-TR': {
        title: 'Ethereum’da USDC artık destekleniyor',
        summary: 'ERC-20 üzerinden USDC yatırın ve çekin.',
        body: '<p>Artık Ethereum ağında (ERC-20) USDC yatırıp çekebilirsiniz. Ağ ücretleri çekimi onaylamadan önce gösterilir.</p>',
      },
    }),
  },
  {
    kind: 'news',
    translations: texts({
      'en-US': {
        title: 'Physical cards now ship to 40 countries',
        summary: 'Delivery takes about 7 working days.',
        body: '<p>Physical Visa and MasterCard cards can now be delivered to 40 countries. Delivery takes about 7 working days; you can follow it on the card page.</p>',
      },
      'zh-HK': {
        title: '實體卡現可寄送至 40 個國家',
        summary: '寄送約需 7 個工作天。',
        body: '<p>實體 Visa 及 MasterCard 卡現可寄送至 40 個國家。寄送約需 7 個工作天，你可在卡片頁面追蹤進度。</p>',
      },
      'ar-AE': {
        title: 'البطاقات الفعلية تُشحن الآن إلى 40 دولة',
        summary: 'يستغرق التوصيل نحو 7 أيام عمل.',
        body: '<p>يمكن الآن توصيل بطاقات Visa وMasterCard الفعلية إلى 40 دولة. يستغرق التوصيل نحو 7 أيام عمل، ويمكنك متابعته من صفحة البطاقة.</p>',
      },
      'tr-TR': {
        title: 'Fiziksel kartlar artık 40 ülkeye gönderiliyor',
        summary: 'Teslimat yaklaşık 7 iş günü sürer.',
        body: '<p>Fiziksel Visa ve MasterCard kartları artık 40 ülkeye teslim edilebiliyor. Teslimat yaklaşık 7 iş günü sürer; kart sayfasından takip edebilirsiniz.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'wallet',
    translations: texts({
      'en-US': {
        title: 'Why has my deposit not arrived?',
        summary: 'Confirmations and the minimum amount.',
        body: '<p>A deposit is credited after the network confirms it (19 blocks on TRON, 12 on Ethereum). Deposits of 0.5 USDT or less are not credited.</p>',
      },
      'zh-HK': {
        title: '為甚麼我的充值未到賬？',
        summary: '網絡確認及最低金額。',
        body: '<p>充值需經網絡確認後才會入賬（TRON 19 個區塊、以太坊 12 個區塊）。0.5 USDT 或以下的充值不會入賬。</p>',
      },
      'ar-AE': {
        title: 'لماذا لم يصل إيداعي؟',
        summary: 'التأكيدات والحد الأدنى للمبلغ.',
        body: '<p>يُضاف الإيداع بعد أن تؤكده الشبكة (19 كتلة على TRON و12 على إيثيريوم). لا تُضاف الإيداعات التي تساوي 0.5 USDT أو أقل.</p>',
      },
      'tr-TR': {
        title: 'Yatırdığım para neden gelmedi?',
        summary: 'Onaylar ve en düşük tutar.',
        body: '<p>Yatırma, ağ onayladıktan sonra hesaba geçer (TRON’da 19, Ethereum’da 12 blok). 0,5 USDT veya daha az yatırmalar hesaba geçmez.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'wallet',
    translations: texts({
      'en-US': {
        title: 'How long does a withdrawal take?',
        summary: 'Every withdrawal is reviewed first.',
        body: '<p>Withdrawals of at least 10 USDT are reviewed by our team, usually within an hour, then sent to the network. Until then the amount and fee are held in your secured account.</p>',
      },
      'zh-HK': {
        title: '提現需要多久？',
        summary: '每筆提現均先經審核。',
        body: '<p>10 USDT 或以上的提現會先由我們的團隊審核（通常一小時內），然後發送至網絡。在此之前，金額及手續費會凍結在你的保障賬戶。</p>',
      },
      'ar-AE': {
        title: 'كم يستغرق السحب؟',
        summary: 'تتم مراجعة كل عملية سحب أولًا.',
        body: '<p>تراجع فرقنا عمليات السحب التي لا تقل عن 10 USDT، عادةً خلال ساعة، ثم تُرسل إلى الشبكة. حتى ذلك الحين يُحجز المبلغ والرسوم في حسابك المؤمَّن.</p>',
      },
      'tr-TR': {
        title: 'Çekim ne kadar sürer?',
        summary: 'Her çekim önce incelenir.',
        body: '<p>En az 10 USDT tutarındaki çekimler ekibimizce, genellikle bir saat içinde incelenir ve ağa gönderilir. O zamana kadar tutar ve ücret güvenli hesabınızda tutulur.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'card',
    translations: texts({
      'en-US': {
        title: 'How do I activate my card?',
        summary: 'The first top-up activates it.',
        body: '<p>Enter the cardholder’s name on the activation page, then make the first top-up from your wallet. Identity verification level 1 is required.</p>',
      },
      'zh-HK': {
        title: '如何啟用我的卡？',
        summary: '首次充值即可啟用。',
        body: '<p>在啟用頁面輸入持卡人姓名，然後從錢包進行首次充值即可。需要完成一級身份認證。</p>',
      },
      'ar-AE': {
        title: 'كيف أفعّل بطاقتي؟',
        summary: 'أول شحن يفعّلها.',
        body: '<p>أدخل اسم حامل البطاقة في صفحة التفعيل، ثم قم بأول شحن من محفظتك. يلزم التحقق من الهوية من المستوى 1.</p>',
      },
      'tr-TR': {
        title: 'Kartımı nasıl etkinleştiririm?',
        summary: 'İlk yükleme kartı etkinleştirir.',
        body: '<p>Etkinleştirme sayfasına kart sahibinin adını girin, ardından cüzdanınızdan ilk yüklemeyi yapın. 1. seviye kimlik doğrulaması gerekir.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'kyc',
    translations: texts({
      'en-US': {
        title: 'What does identity verification unlock?',
        summary: 'Level 1 for transfers and virtual cards, level 2 for physical cards.',
        body: '<p>Level 1 (your ID document) unlocks transfers to your card and virtual cards. Level 2 (a document check and a selfie) unlocks physical cards.</p>',
      },
      'zh-HK': {
        title: '身份認證可解鎖甚麼功能？',
        summary: '一級：轉賬及虛擬卡；二級：實體卡。',
        body: '<p>一級認證（身份證明文件）可解鎖轉賬至卡及虛擬卡。二級認證（文件審核及自拍）可解鎖實體卡。</p>',
      },
      'ar-AE': {
        title: 'ماذا يتيح التحقق من الهوية؟',
        summary: 'المستوى 1 للتحويلات والبطاقات الافتراضية، والمستوى 2 للبطاقات الفعلية.',
        body: '<p>المستوى 1 (وثيقة هويتك) يتيح التحويل إلى بطاقتك والبطاقات الافتراضية. المستوى 2 (فحص الوثيقة وصورة سيلفي) يتيح البطاقات الفعلية.</p>',
      },
      'tr-TR': {
        title: 'Kimlik doğrulaması neleri açar?',
        summary: 'Seviye 1 transferler ve sanal kartlar, seviye 2 fiziksel kartlar için.',
        body: '<p>Seviye 1 (kimlik belgeniz) karta transferleri ve sanal kartları açar. Seviye 2 (belge kontrolü ve özçekim) fiziksel kartları açar.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'security',
    translations: texts({
      'en-US': {
        title: 'I forgot my transaction password',
        summary: 'Reset it with a verification code.',
        body: '<p>Open Settings → Transaction password → Reset. We send a code to your bound e-mail or phone. After 5 wrong tries the password is locked for 15 minutes.</p>',
      },
      'zh-HK': {
        title: '我忘記了交易密碼',
        summary: '以驗證碼重設。',
        body: '<p>前往「設定 → 交易密碼 → 重設」。我們會向你綁定的電郵或手機發送驗證碼。輸錯 5 次後，密碼會鎖定 15 分鐘。</p>',
      },
      'ar-AE': {
        title: 'نسيت كلمة مرور المعاملات',
        summary: 'أعد تعيينها برمز تحقق.',
        body: '<p>افتح الإعدادات ← كلمة مرور المعاملات ← إعادة التعيين. نرسل رمزًا إلى بريدك الإلكتروني أو هاتفك المرتبط. بعد 5 محاولات خاطئة تُقفل كلمة المرور لمدة 15 دقيقة.</p>',
      },
      'tr-TR': {
        title: 'İşlem şifremi unuttum',
        summary: 'Doğrulama koduyla sıfırlayın.',
        body: '<p>Ayarlar → İşlem şifresi → Sıfırla’yı açın. Bağlı e-postanıza veya telefonunuza bir kod göndeririz. 5 hatalı denemeden sonra şifre 15 dakika kilitlenir.</p>',
      },
    }),
  },
  {
    kind: 'help',
    topic: 'account',
    translations: texts({
      'en-US': {
        title: 'How do I change my phone number?',
        summary: 'Prove the old number first.',
        body: '<p>Go to Settings → Change phone. Confirm with a code sent to your current number (or your login password if you no longer have it), then verify the new number.</p>',
      },
      'zh-HK': {
        title: '如何更改手機號碼？',
        summary: '先驗證舊號碼。',
        body: '<p>前往「設定 → 更改手機」。先以發送到現有號碼的驗證碼確認（如已無法使用，可用登入密碼），再驗證新號碼。</p>',
      },
      'ar-AE': {
        title: 'كيف أغيّر رقم هاتفي؟',
        summary: 'أثبت الرقم القديم أولًا.',
        body: '<p>انتقل إلى الإعدادات ← تغيير الهاتف. أكّد برمز يُرسل إلى رقمك الحالي (أو بكلمة مرور الدخول إن لم يعد متاحًا)، ثم تحقّق من الرقم الجديد.</p>',
      },
      'tr-TR': {
        title: 'Telefon numaramı nasıl değiştiririm?',
        summary: 'Önce eski numarayı doğrulayın.',
        body: '<p>Ayarlar → Telefonu değiştir’e gidin. Mevcut numaranıza gönderilen kodla (artık erişiminiz yoksa giriş şifrenizle) onaylayın, ardından yeni numarayı doğrulayın.</p>',
      },
    }),
  },
  {
    kind: 'agreement',
    slug: 'user-agreement',
    translations: texts({
      'en-US': {
        title: 'User agreement',
        summary: 'The terms of the CardWallet service.',
        body: '<h2>1. The service</h2><p>CardWallet provides a digital-asset wallet and prepaid payment cards issued by our licensed partners.</p><h2>2. Your account</h2><p>You keep your password and transaction password secret and tell us at once if you suspect misuse.</p><h2>3. Verification</h2><p>We verify your identity before transfers and cards, as the law requires.</p><h2>4. Fees</h2><p>Fees are shown before you confirm each operation.</p>',
      },
      'zh-HK': {
        title: '用戶協議',
        summary: 'CardWallet 服務條款。',
        body: '<h2>1. 服務</h2><p>CardWallet 提供數字資產錢包，以及由持牌合作夥伴發行的預付支付卡。</p><h2>2. 你的賬戶</h2><p>你須保密登入密碼及交易密碼，如懷疑被盜用須立即通知我們。</p><h2>3. 身份認證</h2><p>按法律要求，我們會在轉賬及開卡前核實你的身份。</p><h2>4. 費用</h2><p>每項操作確認前均會顯示費用。</p>',
      },
      'ar-AE': {
        title: 'اتفاقية المستخدم',
        summary: 'شروط خدمة CardWallet.',
        body: '<h2>1. الخدمة</h2><p>توفر CardWallet محفظة أصول رقمية وبطاقات دفع مسبقة الدفع يصدرها شركاؤنا المرخّصون.</p><h2>2. حسابك</h2><p>تحافظ على سرية كلمة المرور وكلمة مرور المعاملات وتبلغنا فورًا إذا اشتبهت في إساءة الاستخدام.</p><h2>3. التحقق</h2><p>نتحقق من هويتك قبل التحويلات والبطاقات كما يقتضي القانون.</p><h2>4. الرسوم</h2><p>تُعرض الرسوم قبل أن تؤكد كل عملية.</p>',
      },
      'tr-TR': {
        title: 'Kullanıcı sözleşmesi',
        summary: 'CardWallet hizmet koşulları.',
        body: '<h2>1. Hizmet</h2><p>CardWallet, dijital varlık cüzdanı ve lisanslı ortaklarımızca çıkarılan ön ödemeli kartlar sunar.</p><h2>2. Hesabınız</h2><p>Şifrenizi ve işlem şifrenizi gizli tutar, kötüye kullanımdan şüphelenirseniz bize hemen bildirirsiniz.</p><h2>3. Doğrulama</h2><p>Yasanın gerektirdiği şekilde transferlerden ve kartlardan önce kimliğinizi doğrularız.</p><h2>4. Ücretler</h2><p>Ücretler her işlemi onaylamadan önce gösterilir.</p>',
      },
    }),
  },
];
