import { describe, expect, it } from "vitest";
import {
  recognizeByRules,
  recognizeWithAi,
  type RecognitionInput,
} from "../../packages/api/src/services/recognition/index.ts";
import { createLogger } from "@mailroom/api";
import { corpus } from "../fixtures/recognition/corpus.ts";

const log = createLogger("recognition-test");

function mail(partial: Partial<RecognitionInput>): RecognitionInput {
  return { subject: null, text: null, html: null, from: "sender@example.com", ...partial };
}

// The corpus bars live in recognition-corpus.test.ts; this is the quick guard that no
// look-alike (order, booking, meeting, promo, amount …) is read as a code. It names the
// messages it fails on, so it reads the tuning split only: the held-out split is judged by
// its score alone.
describe("recognizeByRules on look-alikes", () => {
  it("finds no code in any look-alike of the tuning split", () => {
    const codes = corpus
      .filter((m) => m.split === "tuning" && m.expect.kind === "none")
      .map((m) => ({ id: m.id, got: recognizeByRules({ subject: m.subject, text: m.text ?? null, html: m.html ?? null, from: m.from }) }))
      .filter(({ got }) => got?.kind === "code");
    expect(codes).toEqual([]);
  });
});

describe("recognizeByRules on tricky cases", () => {
  it("reads a code from the subject alone", () => {
    expect(recognizeByRules(mail({ subject: "Your Acme verification code is 551902" }))).toEqual({ kind: "code", value: "551902" });
  });

  it("joins space-grouped digits and keeps the dash of a dashed code", () => {
    expect(recognizeByRules(mail({ text: "Your verification code: 123 456" }))).toEqual({ kind: "code", value: "123456" });
    expect(recognizeByRules(mail({ text: "Your verification code: 1234-5678" }))).toEqual({ kind: "code", value: "1234-5678" });
  });

  it("drops a one-letter prefix such as Google's G-", () => {
    expect(recognizeByRules(mail({ text: "G-771204 is your Google verification code." }))).toEqual({ kind: "code", value: "771204" });
  });

  it("returns the code when the mail asks for it before the link", () => {
    const got = recognizeByRules(
      mail({ text: "Enter the code 662013 to verify your email, or open https://example.com/verify?token=abcdefghijklmnopqrstuvwxyz" }),
    );
    expect(got).toEqual({ kind: "code", value: "662013" });
  });

  it("ignores codes that only appear inside URLs", () => {
    const got = recognizeByRules(mail({ text: "Verify your email: https://example.com/verify?code=883301&token=abcdefghijklmnopqrstu" }));
    expect(got).toEqual({ kind: "link", value: "https://example.com/verify?code=883301&token=abcdefghijklmnopqrstu" });
  });

  it("does not take a booking's confirmation code, a meeting passcode or a promo code", () => {
    expect(recognizeByRules(mail({ subject: "Your booking is confirmed", text: "Flight LX 318 to Zurich.\nConfirmation code: QX7K2M" }))).toBeNull();
    expect(recognizeByRules(mail({ text: "Join Zoom Meeting\nMeeting ID: 912 4408 2177\nPasscode: 339120" }))).toBeNull();
    expect(recognizeByRules(mail({ text: "20% off everything: use code SPRING20 at checkout." }))).toBeNull();
  });

  it("joins capital groups that end a 'label: value' line only after a code label", () => {
    expect(recognizeByRules(mail({ text: "Your signing code is: 4QV 9TZ\nIt works for this transfer only." }))).toEqual({ kind: "code", value: "4QV9TZ" });
    expect(recognizeByRules(mail({ text: "Enter the code we sent by SMS.\nRoom: K12 B4A" }))).toBeNull();
  });

  it("reads a verb right before a word for code ('введите код') as a code label, even in a trip's mail", () => {
    const text = "Ваше бронирование: рейс SU 1402, номер бронирования 7PQ4XZ.\nЧтобы подтвердить устройство, введите код \u00ab5127\u00bb в приложении. Код действует 10 минут.";
    expect(recognizeByRules(mail({ subject: "Подтвердите новое устройство", text }))).toEqual({ kind: "code", value: "5127" });
  });

  it("reads a code that opens the Subject of a trip's sign-in mail, but not a promotion's code", () => {
    const text = "The code is only in the subject of this mail. It expires in 10 minutes.\nYour booking: flight IB 3310, booking reference LM2Q8P.";
    expect(recognizeByRules(mail({ subject: "640218 is your access code for My Trips", text }))).toEqual({ kind: "code", value: "640218" });
    expect(recognizeByRules(mail({ subject: "Spring sale! Code: SPRING25", text: "25% off everything until Sunday. Valid for 3 days." }))).toBeNull();
  });

  it("reads a percentage in the Subject as a promotion, in any language", () => {
    expect(recognizeByRules(mail({ subject: "-25% na pielęgnację z kodem GLOW25", html: "<p>Wpisz kod w formularzu zamówienia:</p><p><b>GLOW25</b></p>" }))).toBeNull();
  });

  it("does not take the visible digits of a masked phone number", () => {
    expect(recognizeByRules(mail({ subject: "兩步驟驗證已啟用", text: "日後登入時，系統將傳送驗證碼至您的手機 0933-***-218。" }))).toBeNull();
    expect(recognizeByRules(mail({ subject: "两步验证已开启", text: "以后登录时，我们会把验证码发送到 1381****562。" }))).toBeNull();
  });

  it("reads a code alone below the line that asks for it, even in a shop's mail with an order number", () => {
    const text = "ご本人確認のため、次のワンタイムパスワードを入力してください。\n\n551208\n\nこのコードは10分間有効です。\n\n最近のご注文：注文番号 118-2204417-9921";
    expect(recognizeByRules(mail({ subject: "ワンタイムパスワードのお知らせ", text }))).toEqual({ kind: "code", value: "551208" });
  });

  it("reads a code alone below a long line that introduces it with a colon, beside a customer number and a welcome discount", () => {
    const html =
      "<p>Vielen Dank für Ihre Registrierung. Ihre Kundennummer lautet 44 871 902.</p><p>Bitte geben Sie den folgenden Bestätigungscode auf der Registrierungsseite ein, um Ihre E-Mail-Adresse zu bestätigen:</p><p><b>314 095</b></p><p>Der Code ist 30 Minuten gültig.</p><p>Ihr Willkommensvorteil: 10 % auf Ihre erste Bestellung mit dem Gutscheincode HALLO10.</p>";
    expect(recognizeByRules(mail({ subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse", html }))).toEqual({ kind: "code", value: "314095" });
  });

  it("does not take a help page after 'if it was not you' in a notice that asks nothing", () => {
    const text = "A verificação em dois passos foi ativada na sua conta.\nSe não foi a Joana a ativar esta opção, contacte-nos em https://loja.example/ajuda/seguranca.";
    expect(recognizeByRules(mail({ subject: "Verificação em dois passos ativada", text }))).toBeNull();
  });

  it("does not let a banner with no words before it outrank the code the mail asks for", () => {
    const html =
      '<p><a href="https://shop.example/m/new-member-zone"><img src="https://cdn.shop.example/banner.jpg" alt="新會員首購免運"></a></p><p>請在 App 中輸入以下驗證碼，完成電子郵件驗證：</p><p><b>572906</b></p><p>驗證碼將於 10 分鐘後失效。</p>';
    expect(recognizeByRules(mail({ subject: "註冊驗證碼", html }))).toEqual({ kind: "code", value: "572906" });
  });

  it("reads a discount in the preheader as a promotion", () => {
    const html = "<div>-20 % sur une sélection de soins avec votre code.</div><p>avec le code</p><p><b>FLEUR20</b></p><p>Offre valable jusqu'au 8 mars.</p>";
    expect(recognizeByRules(mail({ subject: "Votre cadeau de printemps", html }))).toBeNull();
  });

  it("reads a 'label: value' line whose key names the site with a dot", () => {
    const text = "Код для входу на Ворк.юа: 62 48 17\n\nВідписатися від розсилки вакансій: https://work.example/unsub";
    expect(recognizeByRules(mail({ subject: "Код для входу на Ворк.юа", text }))).toEqual({ kind: "code", value: "624817" });
  });

  it("does not read where a link came from (?src=signup_mail) as what it does", () => {
    const html =
      '<p><a href="https://shop.example/np/campaigns/wow?src=signup_mail"><img src="https://img.shop.example/banner.png" alt="첫 구매 무료배송"></a></p><p>아래 인증번호를 입력해 주세요.</p><p><b>931507</b></p><p>인증번호는 10분간 유효합니다.</p>';
    expect(recognizeByRules(mail({ subject: "[쇼핑] 회원가입 이메일 인증", html }))).toEqual({ kind: "code", value: "931507" });
  });

  it("drops a two-letter prefix before a whole numeric code, but keeps a short letters-and-digits code whole", () => {
    expect(recognizeByRules(mail({ text: "FB-60417 is your confirmation code. Do not share it." }))).toEqual({ kind: "code", value: "60417" });
    expect(recognizeByRules(mail({ text: "Ton code de confirmation : [ZT-4819]\nSaisis-le dans le lanceur. Il expire dans 15 minutes." }))).toEqual({ kind: "code", value: "ZT-4819" });
  });

  it("does not take a card purchase alert's authorization code", () => {
    const html =
      "<p>A purchase was made on your card ending in 2204.</p><table><tr><td>Amount</td><td>$42.10</td></tr><tr><td>Authorization code</td><td>771203</td></tr><tr><td>Available credit</td><td>$3,120.00</td></tr></table><p>Don't recognize it? Call us.</p>";
    expect(recognizeByRules(mail({ subject: "Card purchase alert: $42.10", html }))).toBeNull();
  });

  it("keeps a lower-case code that follows its label", () => {
    expect(recognizeByRules(mail({ text: "Your login code: q7mx2k" }))).toEqual({ kind: "code", value: "q7mx2k" });
  });

  it("returns the link when the mail asks for it before the code", () => {
    const text = "Confirm your address: https://example.com/confirm?t=abcdefghijklmnop\nOn another device? Enter code 4418-27.";
    expect(recognizeByRules(mail({ subject: "Confirm your address", text }))).toEqual({ kind: "link", value: "https://example.com/confirm?t=abcdefghijklmnop" });
  });

  it("does not take phone numbers, prices, dates or years next to a verification word", () => {
    expect(recognizeByRules(mail({ text: "Questions about verification? Call 1-800-555-0199." }))).toBeNull();
    expect(recognizeByRules(mail({ text: "Verification fee: $1299 charged on 2024-05-11 at 10:30." }))).toBeNull();
    expect(recognizeByRules(mail({ text: "Verify your account before 2025." }))).toBeNull();
    expect(recognizeByRules(mail({ text: "订单号：58392017，验证收货后请评价。" }))).toBeNull();
  });

  it("does not take CSS colours or script numbers from HTML", () => {
    const html = `<style>.x{color:#482913}</style><p style="color:#112233">Your verification code is below.</p><script>var id = 734821;</script>`;
    expect(recognizeByRules(mail({ html }))).toBeNull();
  });

  it("decodes entities and strips tags in HTML-only mail", () => {
    const html = `<p>Your&nbsp;verification&nbsp;code&nbsp;is</p><p><b>40&#56;&#49;22</b></p>`;
    expect(recognizeByRules(mail({ html }))).toEqual({ kind: "code", value: "408122" });
  });

  it("skips unsubscribe and privacy links and takes the confirm link", () => {
    const html = [
      `<a href="https://news.example.com/unsubscribe?u=1234567890abcdefghij">Unsubscribe</a>`,
      `<a href="https://example.com/privacy">Privacy</a>`,
      `<a href="https://example.com/account/confirm?t=Zm9vYmFyYmF6cXV4MTIzNDU2">Confirm your email</a>`,
    ].join(" ");
    expect(recognizeByRules(mail({ subject: "Confirm your email", html }))).toEqual({
      kind: "link",
      value: "https://example.com/account/confirm?t=Zm9vYmFyYmF6cXV4MTIzNDU2",
    });
  });

  it("reads a mail at the recognition size limit quickly (no backtracking on long bodies)", () => {
    const text = "verification code order 12345 验证码订单 ".repeat(1_400);
    const html = `<p>${"<a href='https://example.com/verify?t=abcdefghijklmnop'>".repeat(2_000)}</p>`;
    const started = Date.now();
    recognizeByRules(mail({ text, html }));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("returns null for an empty message", () => {
    expect(recognizeByRules(mail({}))).toBeNull();
  });
});

interface FakeAi {
  ai: Ai;
  calls: unknown[][];
}

function fakeAi(run: (...args: unknown[]) => Promise<unknown>): FakeAi {
  const calls: unknown[][] = [];
  const fake = {
    run: (...args: unknown[]) => {
      calls.push(args);
      return run(...args);
    },
  };
  return { ai: fake as unknown as Ai, calls };
}

const aiMail = mail({
  subject: "Welcome aboard",
  text: "Hi! To finish setting up, type K4-92QZ into the app. See you soon. https://example.com/start/abcdefghijklmnopqrstuv",
});

describe("recognizeWithAi", () => {
  it("accepts a well-formed answer whose value occurs in the message", async () => {
    const { ai, calls } = fakeAi(() => Promise.resolve({ response: '{"kind":"code","value":"K4-92QZ"}' }));
    expect(await recognizeWithAi(ai, aiMail, { log })).toEqual({ kind: "code", value: "K4-92QZ" });
    expect(calls).toHaveLength(1);
    const input = calls[0]?.[1] as { messages: { role: string; content: string }[] };
    const user = input.messages.find((m) => m.role === "user");
    expect(user?.content).toContain("K4-92QZ");
  });

  it("accepts a link answer given as an already parsed object", async () => {
    const { ai } = fakeAi(() => Promise.resolve({ response: { kind: "link", value: "https://example.com/start/abcdefghijklmnopqrstuv" } }));
    expect(await recognizeWithAi(ai, aiMail, { log })).toEqual({ kind: "link", value: "https://example.com/start/abcdefghijklmnopqrstuv" });
  });

  it("rejects garbage answers", async () => {
    for (const response of ["Sure! The code is K4-92QZ.", '{"kind":"password","value":"K4-92QZ"}', "{not json}", ""]) {
      const { ai } = fakeAi(() => Promise.resolve({ response }));
      expect(await recognizeWithAi(ai, aiMail, { log })).toBeNull();
    }
    const { ai } = fakeAi(() => Promise.resolve({ result: 42 }));
    expect(await recognizeWithAi(ai, aiMail, { log })).toBeNull();
  });

  it("rejects values that do not occur in the message", async () => {
    const { ai } = fakeAi(() => Promise.resolve({ response: '{"kind":"code","value":"918273"}' }));
    expect(await recognizeWithAi(ai, aiMail, { log })).toBeNull();
    const link = fakeAi(() => Promise.resolve({ response: '{"kind":"link","value":"https://evil.example.net/verify"}' }));
    expect(await recognizeWithAi(link.ai, aiMail, { log })).toBeNull();
  });

  it("returns null for a 'none' answer", async () => {
    const { ai } = fakeAi(() => Promise.resolve({ response: '{"kind":"none","value":null}' }));
    expect(await recognizeWithAi(ai, aiMail, { log })).toBeNull();
  });

  it("returns null when the binding throws or rejects", async () => {
    const thrower = fakeAi(() => {
      throw new Error("InferenceUpstreamError: 3040 capacity");
    });
    expect(await recognizeWithAi(thrower.ai, aiMail, { log })).toBeNull();
    const rejecter = fakeAi(() => Promise.reject(new Error("AiError: 3007: request timeout")));
    expect(await recognizeWithAi(rejecter.ai, aiMail, { log })).toBeNull();
  });

  it("gives up when the binding never answers", async () => {
    const { ai } = fakeAi(() => new Promise<never>(() => undefined));
    const started = Date.now();
    expect(await recognizeWithAi(ai, aiMail, { log, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("sends a bounded excerpt of a huge message", async () => {
    const { ai, calls } = fakeAi(() => Promise.resolve({ response: '{"kind":"none","value":null}' }));
    await recognizeWithAi(ai, mail({ subject: "Big", text: "lorem ipsum ".repeat(50_000) }), { log });
    const input = calls[0]?.[1] as { messages: { content: string }[] };
    const size = input.messages.reduce((sum, m) => sum + m.content.length, 0);
    expect(size).toBeLessThan(6_000);
  });
});
