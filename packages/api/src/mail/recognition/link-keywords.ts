// What marks a link as the one to open (verify, confirm, magic sign-in, reset) and what
// marks it as mail furniture (unsubscribe, tracking pixels, legal, social, app stores).

export const STRONG_LINK_TEXT =
  /verif|confirm|activat|validat|magic link|reset (?:your |my )?password|reset password|password reset|(?:choose|set|create) (?:a )?new password|验证|驗證|确认|確認|激活|啟用|重置|重设|認証|有効化|bestätig|verifizier|aktivier|zurücksetzen|vérifi|confirmer|activer|réinitialiser|verificar|confirmar|activar/iu;

export const WEAK_LINK_TEXT = /\b(?:sign|log)[ -]?(?:in|on)(?: to| now| here)?\b|\bcontinue\b|\bopen (?:the )?app\b|登录|登入|ログイン|anmelden|se connecter|iniciar sesión/iu;

export const STRONG_LINK_URL = /verif|confirm|activat|validat|magic|reset|passwordless|email[-_]?link|one[-_]?time|otp|recover/i;

export const WEAK_LINK_URL = /sign[-_]?in|log[-_]?in|auth|token|session|callback|\/link\//i;

/** A query value or path segment long and random enough to be a one-time token. */
export const TOKEN_IN_URL = /[=/][A-Za-z0-9_\-.%]{20,}(?:[&#/]|$)/;

export const FURNITURE_URL =
  /unsubscribe|opt[-_]?out|optout|preferences|email[-_]?settings|notification[-_]?settings|privacy|terms|legal|\/help|help\.|support|faq|contact|feedback|survey|webview|view[-_]?in[-_]?browser|\/open\b|\/o\/|pixel|beacon|\.(?:png|jpe?g|gif|svg|css|ico)(?:[?#]|$)|facebook\.com|twitter\.com|\/\/x\.com|linkedin\.com|instagram\.com|youtube\.com|tiktok\.com|weibo\.com|apps\.apple\.com|play\.google\.com|\/track(?:ing)?\b|\/orders?\b|\/invoices?\b|\/receipts?\b|\/blog\b|\/careers?\b/i;

export const FURNITURE_TEXT =
  /unsubscribe|opt out|preferences|privacy|terms|help|support|contact us|view (?:it |this )?(?:in|on) (?:your |a )?browser|view online|web version|track (?:your )?(?:order|package|shipment)|view (?:your )?order|退订|取消订阅|隐私|條款|条款|帮助|幫助|客服|配信停止|プライバシー|abmelden|abbestellen|datenschutz|impressum|se désabonner|darse de baja/iu;

export const STRONG_LINK_CONTEXT =
  /verif|confirm|activat|validat|magic link|reset (?:your )?password|password reset|验证|驗證|确认|確認|激活|重置|認証|bestätig|verifizier|aktivier|zurücksetzen/iu;

export const WEAK_LINK_CONTEXT = /\b(?:sign|log)[ -]?in\b|登录|登入|ログイン|anmelden/iu;
