import type { Locale } from '@cardwallet/shared';

/** Column titles of the statement CSV in the customer's language (the values stay machine-readable). */
export const STATEMENT_CSV_HEADERS: Record<Locale, string[]> = {
  'en-US': ['Order number', 'Time (UTC)', 'Status', 'Card', 'Transaction type', 'Merchant', 'City', 'Country', 'Transaction amount', 'Transaction currency', 'Authorisation amount', 'Settlement amount', 'Fee', 'Card currency'],
  'zh-HK': ['訂單編號', '時間 (UTC)', '狀態', '卡號', '交易類型', '商戶', '城市', '國家/地區', '交易金額', '交易幣種', '預授權金額', '結算金額', '手續費', '卡幣種'],
  'ar-AE': ['رقم الطلب', 'الوقت (UTC)', 'الحالة', 'البطاقة', 'نوع المعاملة', 'التاجر', 'المدينة', 'الدولة', 'مبلغ المعاملة', 'عملة المعاملة', 'مبلغ التفويض', 'مبلغ التسوية', 'الرسوم', 'عملة البطاقة'],
  'tr-TR': ['Sipariş numarası', 'Zaman (UTC)', 'Durum', 'Kart', 'İşlem türü', 'Üye işyeri', 'Şehir', 'Ülke', 'İşlem tutarı', 'İşlem para birimi', 'Provizyon tutarı', 'Takas tutarı', 'Ücret', 'Kart para birimi'],
};
