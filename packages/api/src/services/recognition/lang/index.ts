// Every language recognition reads. Order does not matter: all tables apply to every mail,
// since mails mix languages (an English footer under a Korean code).
import { cs } from "./cs.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { ko } from "./ko.ts";
import { nl } from "./nl.ts";
import { pl } from "./pl.ts";
import { pt } from "./pt.ts";
import { ru } from "./ru.ts";
import { tr } from "./tr.ts";
import type { LanguageTable } from "./types.ts";
import { uk } from "./uk.ts";
import { vi } from "./vi.ts";
import { zhHans } from "./zh-Hans.ts";
import { zhHant } from "./zh-Hant.ts";

export const LANGUAGES: readonly LanguageTable[] = [en, zhHans, zhHant, ja, ko, ru, es, pt, de, fr, it, tr, pl, nl, uk, cs, vi];
