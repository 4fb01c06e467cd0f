// Words that label a verification code, words that label some other number, and
// whole-mail signals. Scoring (code-score.ts) weighs them by distance to a candidate.

/** Phrases that name a verification code outright. */
export const SPECIFIC_CODE_LABELS: RegExp = new RegExp(
  [
    String.raw`\b(?:verification|verify|security|login|log[- ]in|sign[- ]?in|confirmation|authentication|auth|access|activation|temporary|single[- ]use|one[- ]time|2fa|two[- ]factor(?: authentication)?|mfa|otp|email|recovery|reset|approval)[- ](?:code|pin|passcode)s?\b`,
    String.raw`\bone[- ]time[- ]pass(?:word|code)s?\b`,
    String.raw`\bOTP\b`,
    String.raw`\bpasscode\b`,
    String.raw`(?:bestätigungs|verifizierungs|sicherheits|anmelde|einmal|zugangs|login|authentifizierungs)(?:code|passwort|kennwort)`,
    String.raw`\bcode de (?:vérification|confirmation|sécurité|connexion)\b`,
    String.raw`\bcódigo de (?:verificación|seguridad|confirmación|acceso)\b`,
    "验证码|驗證碼|校验码|校驗碼|动态码|動態碼|动态密码|動態密碼|激活码|激活碼|确认码|確認碼|验证代码|驗證代碼|安全码|安全碼|登录码|登入碼|認證碼|认证码|一次性密码|一次性密碼|短信码|校验代码",
    "認証コード|確認コード|検証コード|認証番号|ワンタイムパスワード|セキュリティコード|ログインコード|ワンタイムコード|인증 ?번호|인증 ?코드",
  ].join("|"),
  "giu",
);

/** Phrases that point at "a code" in a way verification mails do, but promotions do too. */
export const GENERIC_CODE_LABELS: RegExp = new RegExp(
  [
    String.raw`\b(?:your|the|this|following)(?: [\p{L}\d]+){0,2} code\b`,
    String.raw`\bcode (?:is|was|below|lautet)\b`,
    String.raw`\b(?:enter|use|type|input|paste|copy)(?: in)?(?: this| the| following| the following)? code\b`,
    String.raw`\b(?:ihr|dein|deinen|ihren)(?: [\p{L}\d]+)? code\b`,
    String.raw`\bvotre code\b`,
    String.raw`\btu código\b`,
  ].join("|"),
  "giu",
);

/** Words that hint at verification without naming a code. */
export const WEAK_CODE_LABELS: RegExp = new RegExp(
  [
    String.raw`\bcodes?\b`,
    String.raw`\bverif(?:y|ication|ied|ying)\b`,
    String.raw`\bconfirm(?:ation)?\b`,
    String.raw`\b(?:log|sign)[- ]?in\b`,
    String.raw`\bauthenticat\w*\b`,
    String.raw`\b2fa\b`,
    String.raw`\bpin\b`,
    "验证|驗證|登录|登入|确认|認証|コード|code",
  ].join("|"),
  "giu",
);

/** A word before "code" that makes it something other than a verification code. */
export const NON_VERIFICATION_CODE_PREFIX =
  /\b(?:zip|postal|post|promo|promotional|discount|coupon|voucher|gift|referral|invite|invitation|error|status|country|area|dial(?:ing)?|source|qr|bar|tracking|product|color|colour|tax|swift|sort|bank|airport|booking|reservation|offer|redeem|redemption|sale|reward|checkout)\s*$/iu;

/** Labels of numbers that are not verification codes. */
export const NEGATIVE_LABELS: RegExp = new RegExp(
  [
    String.raw`\b(?:orders?|invoices?|receipts?|bills?|tracking|track|shipments?|parcels?|packages?|delivery|waybill|awb)\b`,
    String.raw`\b(?:phone|tel|telephone|call|fax|mobile|whatsapp|hotline|contact)\b`,
    String.raw`\b(?:total|subtotal|price|amount|balance|payment|paid|charged?|refund|fee|cost|due|tax|vat|usd|eur|gbp|cny|rmb|jpy|dollars?)\b`,
    String.raw`\b(?:account (?:no|number|ending|#)|acct|card|iban|routing)\b`,
    String.raw`\bending(?: in| with)?\b`,
    String.raw`\b(?:ref|reference|ticket|case|issue|pr|pull request|commit|merge request|build|version|release|run|job|pipeline|changeset|revision|rev)\b`,
    String.raw`\b(?:zip|postal|postcode|suite|ste|street|st|ave|avenue|road|rd|blvd|floor|room|unit|box|apt)\b`,
    String.raw`\b(?:flight|booking|reservation|itinerary|seat|gate|pnr|confirmation (?:number|no))\b`,
    String.raw`\b(?:member(?:ship)?|customer|client|employee|patient|policy|student|user)(?: (?:id|no|number))?\b`,
    String.raw`\b(?:id|qty|quantity|sku|item|model|serial|part|lot|batch|isbn|asin)\b|\bn[or]\.|№`,
    String.raw`\b(?:promo|coupon|discount|voucher|gift card|off|save|sale|checkout|deal|points?|miles|credits?)\b`,
    String.raw`\b(?:episode|ep|vol|volume|page|chapter|edition|issue no|newsletter)\b`,
    String.raw`\b(?:meeting|webinar|conference|dial-in|dial in)\b`,
    String.raw`\b(?:bestellung|bestellnummer|rechnung|rechnungsnummer|telefon|betrag|summe|sendungsnummer|plz|kundennummer|auftragsnummer)\b`,
    "订单|訂單|单号|單號|运单|運單|快递|快遞|物流|包裹|电话|電話|热线|熱線|客服|尾号|尾號|卡号|卡號|账号|帳號|账户|帳戶|金额|金額|价格|價格|合计|合計|总计|總計|实付|實付|付款|支付|发票|發票|编号|編號|工单|會議|会议|房间|房間|航班|座位|积分|積分|邮编|郵編|地址|优惠|優惠|券|期号|第|版本|余额|餘額|收入|支出|交易",
    "注文|電話|金額|合計|お問い合わせ番号|配送|郵便|〒|請求|予約|会員番号",
  ].join("|"),
  "giu",
);

/** Whole-mail phrases typical of verification mails. */
export const VERIFICATION_MAIL_SIGNALS =
  /(?:do not|don't|never) share|didn't request|did not request|didn't try|did not try|if (?:this|it) wasn't you|if you did not|if you didn't|(?:expires?|valid) (?:in|for) (?:the next )?\d+ ?(?:minutes|mins?|hours?)|请勿(?:泄露|告知|转发|透露)|請勿(?:洩露|告知|轉發)|分钟内有效|分鐘內有效|有效期|如非本人|非本人操作|不要告诉|切勿|有効期限|第三者に|nicht weiter|gültig|n'est valable|no compartas/iu;

/** Whole-mail phrases typical of mails that carry numbers but no code: invites and statements. */
export const LOOKALIKE_MAIL_SIGNALS =
  /\bmeeting id\b|\bjoin (?:zoom |teams )?meeting\b|\bwebinar id\b|会议号|會議號|会议 ?id|\bstatement (?:period|balance)\b|\border (?:number|#|no)/iu;

/** Whole-mail phrases of promotions, whose "use code X" is a coupon. */
export const PROMO_MAIL_SIGNALS =
  /\d+ ?% off|\bpromo(?:tional)? code\b|\bcoupon\b|\bdiscount\b|\bshop now\b|\bcheckout\b|\bsale\b|\bfree shipping\b|优惠|折扣|满减|促销|领券|セール|割引|rabatt|gutschein/iu;
