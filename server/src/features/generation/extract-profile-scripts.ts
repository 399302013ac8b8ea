import {
  BULLET,
  hasRoleWord,
  KOREAN_TITLE,
  isLineLabel,
  LABELLED_LINE,
  labelField,
  type NameParts,
  ROLE_WORDS,
  TURKIC_IN,
} from './extract-profile-words';

/**
 * People and companies in scripts the other readers miss. The tagger reads words between spaces, and Chinese and
 * Japanese put none between a name, a company and the words around them ("陈志强是星辰电子有限公司的供应链总监");
 * the rules find names and companies by their capital letters, which no script here has. What marks them instead:
 * a form of address after or before the name (さん, 씨, คุณ), a name opening the text before a comma or "is" (是),
 * and a company's legal form (株式会社, 有限公司, 주식회사, บริษัท … จำกัด, प्राइवेट लिमिटेड, ذ.م.م, בע"מ).
 * Used only where the other readers found nothing.
 */

/** A sentence's end in Chinese and Japanese (。！？), Armenian (։), Hindi and Bengali (।), Urdu (۔), Burmese (။), Amharic (።) and Khmer (។). */
export const SENTENCE_END = /[。！？։।۔။።។]/u;

/** "メモ：", "備註：", "【商談メモ】": a note's label before the text (not a name and a label after it: "陳思遠，職稱："). */
const LABEL = String.raw`${BULLET}?(?:【[^】\n]{1,12}】[ \t]*|・?[^\n：:|｜、，,]{1,6}[：:][ \t]*)?`;
const HAN = String.raw`\p{sc=Han}`;
const KANA = String.raw`\p{sc=Hiragana}\p{sc=Katakana}ー`;
/** Where a name ends: a bracket, a separator or the end of its line. */
const END = String.raw`[ \t]*(?:[（(|｜／,，、—–]|$)`;

// 山田 美咲さんは / 佐々木 翔 | CTO / 鈴木 大輔（営業本部長）: family name, given name, then an honorific or a field's end.
// Written without a space, a family name of two characters is likelier than one of three (高橋美咲, 佐藤健一).
const JAPANESE_NAME = new RegExp(
  String.raw`^${LABEL}([${HAN}]{2}|[${HAN}]{1,3})[ \u3000]?((?:(?!様|氏)[${HAN}${KANA}]){1,3})(?=さん|様|氏|${END})`,
  'mu',
);
// Thai titles start with the office (manager, director, chair, head, founder …): the Thai ones of ROLE_WORDS.
const THAI_OFFICES = ROLE_WORDS.filter((w) => /\p{sc=Thai}/u.test(w)).join('|');
// 佐々木 健 | COO: two runs of characters with a space between them are a family and a given name, in either language.
const SPACED_NAME = new RegExp(String.raw`^${LABEL}([${HAN}]{1,3})[ \u3000]([${HAN}${KANA}]{1,3})(?=さん|様|氏|是|${END})`, 'mu');
// "製造部長、田中 美咲さん", "物流企画課長の鈴木 葵さん": a spaced name with an honorific after it, inside a sentence.
const HONOURED_NAME = new RegExp(
  String.raw`(?<![${HAN}\p{sc=Katakana}ー])([${HAN}]{1,3})[ \u3000]([${HAN}${KANA}]{1,3}?)(?=さん|様|氏)`,
  'u',
);
// 김지훈 씨는 / 박서연, 인사팀장: a Korean name of two to four syllables, then "Mr/Ms" or a comma.
const KOREAN_NAME = new RegExp(
  String.raw`^${LABEL}(\p{sc=Hangul})(\p{sc=Hangul}{1,3})(?=[ \t]*(?:씨|님|${KOREAN_TITLE}(?![\p{L}]))|${END})`,
  'mu',
);
// 陈志强是… / 林雅婷，行銷經理: a Chinese name of two to four characters opening the text, then "is" or a comma.
const CHINESE_NAME = new RegExp(String.raw`^${LABEL}([${HAN}])([${HAN}]{1,3})(?=是|${END})`, 'mu');
// คุณสมชาย วงศ์ไทย: Thai writes the given name first, after คุณ (Mr/Ms), นาย (Mr), นาง (Mrs) or นางสาว (Miss).
// លោក សុខ វិចិត្រ: Khmer writes the family name first, after លោក (Mr), លោកស្រី (Mrs) or អ្នកស្រី (Ms).
const KHMER_NAME = /(?:លោកស្រី|អ្នកស្រី|លោក)\s*(\p{sc=Khmr}+)\s+(\p{sc=Khmr}+)/u;
const THAI_NAME = /(?:คุณ|นางสาว|นาย|นาง)\s*(\p{sc=Thai}+)\s+(\p{sc=Thai}+)/u;
// สมศักดิ์ วงศ์ไทย ผู้จัดการฝ่ายขาย: two words opening the text before a title are the name.
const THAI_NAME_BEFORE_TITLE = new RegExp(String.raw`^(\p{sc=Thai}+)\s+(\p{sc=Thai}+)\s+(?=${THAI_OFFICES})`, 'u');

// "Գոռ Սիմոնյանը Գյումրիում …": an Armenian text opening with a given name and a surname in -յան, the article (ը, ն)
// written onto it; the tagger, with few Armenian texts to learn from, ran it into the place after it or missed it.
const ARMENIAN_NAME = /^([Ա-Ֆ][ա-ֆև]+)\s+([Ա-Ֆ][ա-ֆև]*յան)(?:ը|ն)?(?=[\s,—–:։]|$)/u;

/** The first line a name pattern matches whose label, if any, is not another field's ("地點：台南", "전 직장: 하늘뷰티"). */
function firstUnderNoOtherLabel(re: RegExp, text: string): RegExpExecArray | null {
  for (const m of text.matchAll(new RegExp(re.source, 'gmu'))) {
    const labelled = LABELLED_LINE.exec(m[0]);
    const field = labelled && labelField(labelled[1]!);
    if (!field || field === 'name' || field === 'notes') return m as RegExpExecArray;
  }
  return null;
}

/** The person a text in Chinese, Japanese, Korean, Thai, Khmer or Armenian script names, with the family name as such. */
export function scriptName(text: string): (NameParts & { nameAsWritten: string }) | null {
  const t = text.trim();
  const thai = THAI_NAME.exec(t) ?? THAI_NAME_BEFORE_TITLE.exec(t);
  if (thai) return { firstName: thai[1]!, lastName: thai[2]!, nameAsWritten: `${thai[1]} ${thai[2]}` };
  const armenian = ARMENIAN_NAME.exec(t);
  if (armenian) return { firstName: armenian[1]!, lastName: armenian[2]!, nameAsWritten: `${armenian[1]} ${armenian[2]}` };
  const khmer = KHMER_NAME.exec(t);
  if (khmer) return { firstName: khmer[2]!, lastName: khmer[1]!, nameAsWritten: `${khmer[1]} ${khmer[2]}` };
  // A space between two runs of characters splits a family name from a given one; else kana in the text says
  // Japanese, whose names are written like Chinese ones.
  const familyFirst = new RegExp(`[${KANA}]`, 'u').test(t) ? JAPANESE_NAME : /\p{sc=Hangul}/u.test(t) ? KOREAN_NAME : CHINESE_NAME;
  const m = firstUnderNoOtherLabel(SPACED_NAME, t) ?? firstUnderNoOtherLabel(familyFirst, t) ?? HONOURED_NAME.exec(t);
  if (!m) return null;
  const nameAsWritten = m[0].slice(m[0].indexOf(m[1]!)).trim();
  return { firstName: m[2]!, lastName: m[1]!, nameAsWritten };
}

// Words that end a company's name before it starts in Hindi, Marathi and Nepali ("located in", written apart or onto the
// place: "काठमाडौंस्थित"; "in", "of") and Urdu ("in", "established").
const HINDI_BREAK = String.raw`(?:[\p{sc=Deva}\p{M}]*स्थित|येथील|में|की|के|का|और|है|हैं|पर|से|को|ने)`;
const URDU_BREAK = '(?:میں|قائم|کے|کی|کا|اور|ہے|ہیں|سے|کو|پر|نے)';
const COMPANY_BY_FORM: RegExp[] = [
  // 株式会社北斗精機の…, 丸の内フーズ株式会社、, Kumoten株式会社: up to a particle, a punctuation mark or a space.
  /(?:株式会社|有限会社|合同会社)[^\s、。，,：:（）()|｜のはがをにで]+|[^\s、。，,：:（）()|｜@]+?(?:株式会社|有限会社|合同会社)/u,
  // 星辰电子有限公司, 綠茶生技股份有限公司: after "is", "at" or a punctuation mark.
  // 云南普洱茶山合作社, 台南漁民協會: a cooperative, an association or a foundation is named so too.
  /[^\s，,、。：:；;（）()|｜是在于於为為的]{2,24}?(?:股份有限公司|有限责任公司|有限責任公司|有限公司|合作社|协会|協會|基金会|基金會)/u,
  // 한빛물류 주식회사의, 주식회사 누리소프트: the legal form is part of the name as written, the particle after it is not.
  /[\p{sc=Hangul}A-Za-z0-9]+\s*(?:주식회사|\(주\))|(?:주식회사|\(주\)|㈜)\s*[\p{sc=Hangul}A-Za-z0-9]+?(?=(?:의|에서|에|는|은|이|가|를|을)?(?:\s|$|[,.]))/u,
  // บริษัท สยามอาหารแช่แข็ง จำกัด (มหาชน)
  /บริษัท\s*\p{sc=Thai}+(?:\s+\p{sc=Thai}+)?\s*จำกัด(?:\s*\(มหาชน\))?/u,
  new RegExp(String.raw`(?<![\p{L}\p{M}])(?:(?!${HINDI_BREAK}\s)[\p{sc=Deva}\p{M}]+\s+){1,4}?(?:प्राइवेट\s+लिमिटेड|प्रा\.\s*लि\.|लिमिटेड)`, 'u'),
  // পদ্মা টেক্সটাইল লিমিটেডের: a word in the genitive (ঢাকার, "of Dhaka") before it is no part of the name.
  /(?<![\p{L}\p{M}])(?:(?![\p{sc=Beng}\p{M}]*(?:ার|ের)\s)[\p{sc=Beng}\p{M}]+\s+){1,4}?লিমিটেড/u,
  new RegExp(String.raw`(?<![\p{L}\p{M}])(?:(?!${URDU_BREAK}\s)\p{sc=Arab}+\s+){1,4}?(?:لمیٹڈ|لمیٹیڈ)`, 'u'),
  // (في) شركة الخليج للصناعات الغذائية ذ.م.م: the name after "company", with its legal form.
  /(?<=(?:شركة|مؤسسة)\s+)(?:\p{sc=Arab}+\s+){0,5}?(?:ذ\.م\.م|ش\.م\.م|ش\.م\.ع|ش\.ذ\.م\.م)/u,
  // בחברת אופק סייבר בע״מ: the name after "(at) company", with its legal form.
  /(?<=(?:בחברת|חברת)\s+)(?:\p{sc=Hebr}+\s+){0,4}?\p{sc=Hebr}*בע["״]מ/u,
];

// "Before that she worked at 'X'": a quoted name after one of these is a former employer.
const PAST_CUE = /(?:پیش از|قبلاً|पहले|আগে|முன்பு|پہلے|سابقا|سابقاً|以前|此前|前職|이전|전 직장|בעבר|เคย|ადრე|მანამდე)[^「『«„"'‘“]{0,30}$/u;
// A mark between two letters is no quotation mark (Hebrew בע"מ); a name holds no sentence's end.
const QUOTED_NAMES = /[「『«„]([^」』»“”\n]{2,40})[」』»“”]|(?<![\p{L}\p{M}])["'‘“]([^"'’”\n.。,،!?]{2,40})["'’”](?![\p{L}\p{M}])/gu;

// A company after the word "company" in Arabic, Persian and Urdu ("في شركة نخيل للتقنية في الرياض", "در شرکت آریا
// نرم‌افزار در تهران", "کمپنی سبز باغ فوڈز میں"), up to the next "in", "is", "of" or punctuation mark; and in Hindi
// the company "located in" a place ("जयपुर स्थित रंगरेज़ हैंडीक्राफ्ट्स में …") or after "company", up to "in".
const ARABIC_WORD = String.raw`[\p{sc=Arab}\p{M}\u200c]+`;
const ARABIC_STOP = '(?:في|در|میں|است|ہے|ہیں|کی|کے|کا|و|به|با|از|که|من|إلى|الى)';
const COMPANY_BY_KIND: RegExp[] = [
  new RegExp(
    String.raw`(?<=(?:^|[\s،,])(?:شركة|شرکت|کمپنی|مؤسسة)\s+)(?:(?!${ARABIC_STOP}(?:\s|$))${ARABIC_WORD}(?:\s+|(?=[.،,۔؛]|$))){1,4}?(?=${ARABIC_STOP}(?:\s|$)|[.،,۔؛]|$)`,
    'u',
  ),
  /(?<=(?:स्थित|कंपनी)\s+)(?:(?!में\s)[\p{sc=Deva}\p{M}]+\s+){1,4}?(?=में(?:\s|$))/u,
  // "لاہور میں واقع سبز وادی ٹیکسٹائل ملز میں …": the company "located" in a place, up to "in".
  new RegExp(String.raw`(?<=(?:واقع|قائم)\s+)(?:(?!میں\s)${ARABIC_WORD}\s+){1,5}?(?=میں(?:\s|$))`, 'u'),
  // "கோயம்புத்தூரில் உள்ள மலர்வனம் பம்ப்ஸ் நிறுவனத்தின் …": the company "that is in" a place, before "company's".
  /(?<=உள்ள\s+)(?:[\p{sc=Taml}\p{M}]+\s+){1,4}?(?=நிறுவனத்தின்|நிறுவனத்தில்)/u,
  // "ບໍລິສັດ ຈຳປາ ກາເຟ": the name after Lao's "company", up to a punctuation mark.
  /(?<=ບໍລິສັດ\s+)[\p{sc=Lao}\p{M}]+(?:\s+[\p{sc=Lao}\p{M}]+)*/u,
];

/**
 * A company named by its legal form in one of the scripts above, else the first name in quotation marks written
 * in a script without capitals that no "before that" comes before ("'سبز باغ فوڈز' کی", «پارس‌پخش»), else one named
 * after the word "company" (COMPANY_BY_KIND); '' when none.
 */
export function scriptCompany(text: string): string {
  // "名古屋に本社を置く株式会社さくら精工": the clause saying where it is based is no part of the name after it.
  const t = text.replace(JAPANESE_BASED, ' ');
  for (const re of COMPANY_BY_FORM) {
    const m = re.exec(t);
    // "私は丸の内フーズ株式会社": a Japanese topic or subject before the name is no part of it, nor a place it is "of"
    // ("札幌の北海スイーツ株式会社"; "丸の内" is a name of one character before の).
    if (m)
      return m[0]
        .replace(/^[^\s]*[はが](?=[^はが]+(?:株式会社|有限会社|合同会社)$)/u, '')
        .replace(new RegExp(`^[${HAN}]{2,4}の(?=\\S)`, 'u'), '')
        .trim();
  }
  for (const m of text.matchAll(QUOTED_NAMES)) {
    const name = (m[1] ?? m[2]!).trim();
    if (/\p{sc=Latin}|\d/u.test(name) || /\p{Lu}/u.test(name)) continue;
    if (!PAST_CUE.test(text.slice(Math.max(0, m.index - 40), m.index))) return name;
  }
  for (const re of COMPANY_BY_KIND) {
    const m = re.exec(text);
    if (m && !PAST_CUE.test(text.slice(Math.max(0, m.index - 40), m.index))) return m[0].trim();
  }
  return '';
}

// A title in a script without spaces ends with its office (営業部長, 产品总监, 마케팅 매니저, 운영이사); Thai starts with it
// (ผู้จัดการฝ่ายขาย, "manager of the sales department"); the others are words of their own, which ROLE_WORDS holds.
const SCRIPT_TITLE = new RegExp(
  String.raw`(?:部長|課長|社長|室長|所長|店長|局長|院長|会長|マネージャー|ディレクター|リーダー|責任者|取締役|担当|主任|总监|總監|经理|經理|主管|幹事|干事|总裁|總裁|董事|长|長|官|师|師|팀장|부장|이사|대표|매니저|센터장|과장|실장|디렉터|책임자|사장|리더|원장)$|^(?:${THAI_OFFICES})`,
  'u',
);
export const isScriptTitle = (s: string) => SCRIPT_TITLE.test(s.trim()) || hasRoleWord(s);

// "（さとう みさき）": a name's reading in kana; "株式会社アオバ工業": a piece written without spaces.
const KANA_ONLY = new RegExp(`^[${KANA}\\s]+$`, 'u');
const CJK_ONLY = new RegExp(`^[${HAN}${KANA}]+$`, 'u');

// Arabic's engineer and doctor; Lao's Mr/Mrs, Khmer's Mr/Mrs, Burmese's U/Daw: before a name, no part of it.
const NAME_ADDRESS = /^(?:(?:م|د|أ)\.\s*|(?:ທ່ານນາງ|ທ່ານ|ນາງ|លោកស្រី|លោក|អ្នកស្រី|ဦး|ဒေါ်)\s*)/u;

/** The fields a contact line in a script without capitals gives ("김지현 — 한빛물류 주식회사 운영이사, 근무지: 부산"). */
export interface ScriptFields {
  name: string;
  role: string;
  company: string;
  place: string;
}

/**
 * "операційна директорка «Карпатські Сироварні»", "коммерческий директор ООО «Ладожский Рыбзавод»", 'מנהלת תפעול
 * ב"דגי עמק המעיינות"': a title, then its company in quotation marks (after a legal form, a short preposition, or
 * Hebrew's "at" written onto it).
 */
const QUOTED_TAIL = /^(.+?)\s+(?:\p{L}{1,5}\.?\s+|[בל])?[«„"“]([^»“”"]{2,40})[»“”"]$/u;
// 'מנהלת השיווק של יקב "…"', 'מנהלת תפעול ברשת המעונות "…"': Hebrew's "of" or "at the chain (company, winery…) of"
// between the title and the quoted name is no part of the title.
const HEBREW_OF_COMPANY = /\s+(?:של(?=\s|$)|[בל](?:רשת|חברת|קבוצת|עמותת|מפעל|יקב|בית)).*$/u;
// "στην", "στο": Greek's "at the" or "in the" (the company's, or its place's).
const GREEK_AT = String.raw`\s+στ(?:ην?|ον?|ις)\s+`;
// "працює у Дніпрі", "работает в Казани": "works in" before a place.
const WORKS_IN = /^(?:працює|працюю|живе|базується|работает|работаю|живёт|живет|базируется)\s+(?:у|в|на)\s+/iu;

/**
 * A contact written as pieces in a script without capitals: a name, a title, a company and a place between commas
 * (、，), pipes or dashes, in the order the text gives them, read by what each piece is: a title by its office, a
 * labelled piece by its label ("근무지: 부산", "前職：…"), a company by its legal form or quotation marks, a place in
 * brackets or after the company. Only the first sentence of the first line that has three pieces is read.
 */
export function scriptFields(text: string): ScriptFields {
  const out: ScriptFields = { name: '', role: '', company: '', place: '' };
  for (const line of text.split('\n')) {
    const first = line
      .replace(/^\s*(?:[-•*・·]\s*)?/u, '')
      .split(new RegExp(String.raw`${SENTENCE_END.source}|(?<!(?:^|\s)\p{L})\.(?:\s|$)`, 'u'))[0]!;
    // "【メモ】…", "メモ：…", "Notes: …": a note's heading or label before the pieces ("م. كريم": a one-letter
    // abbreviation ends no sentence). A label no contact line has ("Проблемы:", "Hobbies:") heads a list of something else.
    const heading = /^【[^】]{1,12}】\s*/u.exec(first);
    const labelled = heading ? null : /^([^\n：:|｜／、，,]{1,20})[：:]\s*(?=.*[、，,،|｜／—–])/u.exec(first);
    if (labelled && !isLineLabel(labelled[1]!)) continue;
    const body = first.slice((heading ?? labelled)?.[0].length ?? 0);
    // "박서연 (인사팀장, 동백해운, 부산)": pieces in brackets after the name are pieces all the same.
    const pieces = body
      .replace(/\s*[（(]([^）)]*[、，,／｜][^）)]*)[）)]/u, ', $1')
      .split(/\s*[、，,|｜／;；،၊፣]\s*|\s+[—–-]\s+/u)
      .map((x) => x.trim())
      .filter(Boolean);
    // "王梓涵，杭州云栖织造有限公司销售总监": two pieces do when the second is a company and its title, written without spaces.
    const companyAndTitle = pieces.length === 2 && CJK_ONLY.test(pieces[1]!) && isScriptTitle(pieces[1]!) && !!scriptCompany(pieces[1]!);
    if ((pieces.length < 3 && !companyAndTitle) || /\p{sc=Latin}/u.test(pieces.slice(0, 2).join(' '))) continue;
    const others: string[] = [];
    for (const [i, raw] of pieces.entries()) {
      const bracket = /^(.+?)\s*[（(]([^）)]+)[）)]$/u.exec(raw);
      const piece = bracket ? bracket[1]! : raw;
      // "鈴木 大輔（営業本部長）": a bracket holds a title or, after a company, its place; "（さとう みさき）" after a
      // name is how it is read.
      if (bracket && isScriptTitle(bracket[2]!)) out.role ||= bracket[2]!;
      else if (bracket && !KANA_ONLY.test(bracket[2]!)) out.place ||= bracket[2]!;
      const labelled = LABELLED_LINE.exec(piece);
      if (labelled) {
        const field = labelField(labelled[1]!);
        if (field === 'previous' || field === 'notes') break;
        if (field !== 'name' && !out[field]) out[field] = labelled[2]!.trim();
        continue;
      }
      // "전 가람정보기술", "前 青禾食品": a former employer, no field of the current job; "판교 근무": where they work.
      if (/^(?:전|前)\s/u.test(piece)) continue;
      const worksIn = /^(\S+)\s*(?:근무|勤務|在勤)$/u.exec(piece);
      if (worksIn) {
        out.place ||= worksIn[1]!;
        continue;
      }
      // "行銷總監 @ 晨曦生技": a title at a company.
      const atSign = /^(.+?)\s*@\s*(.+)$/u.exec(piece);
      if (atSign && isScriptTitle(atSign[1]!) && !out.company) {
        out.role ||= atSign[1]!;
        out.company = atSign[2]!;
        continue;
      }
      // "«Дала Агро» ЖШС бас бухгалтері", "«Արարատ Թեքսթայլ» ՍՊԸ-ի գործադիր տնօրեն": a quoted company, its legal form
      // (with a case ending), then the title.
      const quotedHead = /^[«„"“]([^»“”"]{2,40})[»“”"](?:\s*\p{Lu}{2,5}(?:-\p{Ll}{1,4}|\p{Ll}{1,4})?)?\s+(\p{Ll}.*)$/u.exec(piece);
      if (quotedHead && !out.company) {
        out.company = quotedHead[1]!;
        // "ընկերության տնօրեն": "the company's director".
        out.role ||= withoutCompanyWord(quotedHead[2]!);
        continue;
      }
      const company = scriptCompany(piece);
      if (isScriptTitle(piece)) {
        const quotedTail = QUOTED_TAIL.exec(piece);
        if (quotedTail && !out.company && isScriptTitle(quotedTail[1]!)) {
          out.role ||= quotedTail[1]!.replace(HEBREW_OF_COMPANY, '');
          out.company = quotedTail[2]!;
        }
        // "한빛물류 주식회사 운영이사", "现任「云栖数据」产品总监": the company, then the title.
        else if (company && !out.company) {
          out.company = company;
          out.role ||= piece
            .slice(piece.indexOf(company) + company.length)
            .replace(/^[」』»"'’”\s]+/u, '')
            .trim();
        } else {
          // "رئيسة قسم الموارد البشرية في مجموعة الواحة الطبية": a title "at" (في) a company or a group; "διευθυντής
          // πωλήσεων στην Ελαιουργία …": Greek's "at the" (στην, στο) before a company's capital.
          const at =
            /^(.+?)\s+في\s+(?:شركة\s+)?((?:مجموعة|مؤسسة|بنك)?\s*\S.*)$/u.exec(piece) ??
            new RegExp(String.raw`^(.+?)${GREEK_AT}(\p{Lu}.*)$`, 'u').exec(piece);
          // "青禾科技 市场总监": a company, a space, then a title alone (Chinese and Japanese write a title without
          // spaces; Korean writes "마케팅 매니저").
          const spaced = /^(.+?)\s+(\S+)$/u.exec(piece);
          if (at && !out.company) {
            out.role ||= at[1]!;
            // "Ελαιουργία Μινώα ΑΕ στο Ηράκλειο": the company, then "in" (στο) its place.
            const [company, place] = at[2]!.trim().split(new RegExp(String.raw`${GREEK_AT}(?=\p{Lu})`, 'u'));
            out.company = company!;
            if (place) out.place ||= place;
          } else if (
            spaced &&
            !out.company &&
            /^[\p{sc=Han}\s]+$/u.test(piece) &&
            isScriptTitle(spaced[2]!) &&
            !isScriptTitle(spaced[1]!)
          ) {
            out.company = spaced[1]!;
            out.role ||= spaced[2]!;
          } else out.role ||= piece;
        }
      } else if (i === 0 && piece.split(/\s+/).length <= 4 && !company && !/\d/.test(piece))
        // "م. كريم عبد الحميد", "ທ່ານ ສົມພອນ", "ဦးကျော်ဇင်ထွန်း": an abbreviation or a form of address before the name is
        // no part of it.
        out.name = piece.replace(NAME_ADDRESS, '');
      else others.push(company || piece);
    }
    // "రవి కుమార్, సేల్స్ డైరెక్టర్, కృష్ణా ఫార్మా, హైదరాబాద్": three pieces after the name, none known as a title, are
    // the title, the company and the place, in the order a contact line gives them.
    if (!out.role && others.length >= 3 && !scriptCompany(others[0]!) && others[0]!.split(/\s+/).length <= 4) out.role = others.shift()!;
    if (!out.company && others[0]) out.company = others.shift()!;
    // "працює у Дніпрі": where they work, without "works in".
    const place = others[0]?.replace(WORKS_IN, '');
    if (!out.place && place && place.split(/\s+/).length <= 3) out.place = place;
    return withLabelledSentences(text, out);
  }
  return out;
}

/** "…営業部長。勤務地：横浜。前職：…": a labelled sentence after the contact line fills a field it left empty. */
function withLabelledSentences(text: string, out: ScriptFields): ScriptFields {
  for (const sentence of text.split(new RegExp(String.raw`${SENTENCE_END.source}|\n`, 'u'))) {
    const labelled = LABELLED_LINE.exec(sentence.trim());
    if (!labelled) continue;
    const field = labelField(labelled[1]!);
    if ((field === 'role' || field === 'company' || field === 'place') && !out[field]) out[field] = labelled[2]!.trim();
  }
  return out;
}

// Words that tie a place or a company to what follows in Hindi, Urdu, Bengali and Tamil: "in", "of", "located",
// "established", "that is in".
const CONNECTOR = '(?:में|की|के|का|स्थित|میں|کی|کے|کا|قائم|উল্লেখ|உள்ள|நிறுவனத்தின்|நிறுவனத்தில்|-?এর|ের|-?তে)';
// A place inflected "in" or "of" (ঢাকার, கோயம்புத்தூரில்) is written so in the labels: the word as it stands.
const INFLECTED_PLACE = /(?:ার|ের|ில்|இல்)$/u;
const COPULA_WORD = '(?:हैं|है|थे|थी|ہیں|ہے|تھے|تھیں|হন|ছেন|আছেন|ஆவார்|ஆவார்கள்|юм)';
const SOV_SCRIPT = /[\p{sc=Deva}\p{sc=Beng}\p{sc=Taml}\p{sc=Arab}]/u;

/**
 * In Hindi, Urdu, Bengali and Tamil a sentence puts the place after the name and the title before the verb, around
 * a company in quotation marks: "फ़ातिमा शेख जयपुर की 'नीला आसमान' में प्रबंधक हैं।", "রুমানা আক্তার ঢাকার 'নকশী'-এর প্রধান
 * নির্বাহী।". The place is the word after the name that a connector follows or that is inflected so; the title is
 * what stands between the company (and its connector) and the verb, when it names an office.
 */
export function sovFacts(text: string, name: string): { role: string; place: string } {
  const out = { role: '', place: '' };
  if (!name || !SOV_SCRIPT.test(name)) return out;
  const at = text.indexOf(name);
  if (at < 0) return out;
  const after = text.slice(at + name.length);
  const place = new RegExp(String.raw`^[\s،,]+([\p{L}\p{M}]+)(?=\s+${CONNECTOR}(?:\s|$)|\s)`, 'u').exec(after);
  if (place && (INFLECTED_PLACE.test(place[1]!) || new RegExp(String.raw`^\s+${CONNECTOR}\s`, 'u').test(after.slice(place[0].length))))
    out.place = place[1]!;
  const company = scriptCompany(text);
  const q = company ? after.indexOf(company) : -1;
  if (q >= 0) {
    const rest = after
      .slice(q + company.length)
      .replace(/^[」』»"'’”]/u, '')
      .replace(new RegExp(String.raw`^\s*${CONNECTOR}(?=\s)`, 'u'), '');
    const m = new RegExp(
      String.raw`^\s*((?:(?!${COPULA_WORD}(?:\s|[।۔.]|$))[\p{L}\p{M}]+\s*){1,4}?)(?=\s*(?:${COPULA_WORD}\s*)?(?:[।۔.]|$))`,
      'u',
    ).exec(rest);
    const role = m?.[1]?.trim() ?? '';
    if (role && isScriptTitle(role)) out.role = role;
  }
  return out;
}

// The word "company" (or "firm", "organisation") in languages that put it after the name with a case ending:
// "கோவை நூற்பாலை நிறுவனத்தின்", "గోదావరి ఫార్మా సంస్థలో", "ಕಾವೇರಿ ಸಿಲ್ಕ್ಸ್ ಕಂಪನಿಯ", "Xəzər Logistika şirkətinin", "… компаниясының".
const KIND_STEM =
  '(?:நிறுவன|సంస్థ|కంపెనీ|ಕಂಪನಿ|ಸಂಸ್ಥೆ|കമ്പനി|സ്ഥാപന|कंपनी|कम्पनी|કંપની|ਕੰਪਨੀ|কোম্পানি|සමාගම|ကုမ္ပဏီ|şirkət|şirket|kompaniya|korxona|компани|კომპანი|ընկերությ)';
const KIND_WORD = new RegExp(String.raw`(?<![\p{L}\p{M}])${KIND_STEM}[\p{L}\p{M}\u200c]*`, 'u');
const BARE_KIND = new RegExp(`^${KIND_STEM}$`, 'u');
// A word saying where ("in Hyderabad", "of Mysuru", "Pune's") before a company: the place with its ending, and the
// ending. Labels give the place without it ("the plain word inside the text").
const PLACE_ENDING = new RegExp(
  String.raw`(?:स्थित|ရှိ|\u200c?లోని|\u200c?లో|ಿನಲ್ಲಿ|ನಲ್ಲಿ|ಿನ|യിലെ|ിലെ|യിൽ|ിൽ|तील|मधील|ની|માં|${TURKIC_IN}|da|də|de|ta|tə|te)$`,
  'u',
);

// A connector ("of", "that is in", "located in", "based in") or Georgian's "is" before a company's name is no part of it.
const CONNECTOR_WORD = new RegExp(String.raw`^(?:${CONNECTOR}|არის|येथील|පිහිටි|ಮೂಲದ)$`, 'u');

/** "компаниясының қаржы директоры" ("the company's finance director"): the title after the word "company". */
export function withoutCompanyWord(role: string): string {
  const kind = KIND_WORD.exec(role);
  const after = kind ? role.slice(kind.index + kind[0].length).trim() : '';
  return after && isScriptTitle(after) ? after : role;
}

/**
 * The company a sentence names before the word "company" with its case ending, the place before it (a word with a
 * case ending saying where) and the title after it: "శ్రీనివాస్ రెడ్డి, హైదరాబాద్‌లోని గోదావరి ఫార్మా సంస్థలో ప్లాంట్ మేనేజర్"
 * ("plant manager in the Godavari Pharma company in Hyderabad"). Up to three words of the same kind before it: a
 * punctuation mark, a word with a case ending or, in scripts with capitals, a word in lower case ends the name.
 */
export function kindFacts(text: string): ScriptFields {
  const out: ScriptFields = { name: '', role: '', company: '', place: '' };
  // The job is in the first sentence; "the company opened …" and "before that at … company" in later ones are not it.
  const first = text.trim().split(new RegExp(String.raw`${SENTENCE_END.source}|\.(?:\s|$)|\n`, 'u'))[0]!;
  const kind = KIND_WORD.exec(first);
  // "हस्तशिल्प कंपनी 'रंगरेज़ क्राफ्ट्स'": a name in quotation marks after the word is the company (scriptCompany).
  if (!kind || /^\s*[«„"'‘“「]/u.test(first.slice(kind.index + kind[0].length))) return out;
  // "ঢাকার গার্মেন্টস কোম্পানি সোনালী সুতো লিমিটেডের …" ("Dhaka's garment company Sonali Suto Limited's …"): the word
  // "company" before a name with its legal form; a word "of" a place before them says where.
  const named = scriptCompany(first.slice(kind.index + kind[0].length));
  if (
    named &&
    first
      .slice(kind.index + kind[0].length)
      .trim()
      .startsWith(named)
  ) {
    const lead = first.slice(0, kind.index).trim().split(/\s+/u)[0] ?? '';
    return { ...out, company: named, place: INFLECTED_PLACE.test(lead) ? lead : '' };
  }
  // An apostrophe inside a word ("Ipak Yo'li") is no quotation mark.
  const clause = first
    .slice(0, kind.index)
    .split(/[,،，、:;!?()«»“”"‘’၊]|(?<![\p{L}\p{M}])'|'(?![\p{L}\p{M}])|\s[—–-]\s/u)
    .pop()!;
  if (PAST_CUE.test(clause)) return out;
  const words = clause.trim().split(/\s+/u).filter(Boolean);
  const cased = /\p{sc=Latin}|\p{sc=Cyrillic}/u.test(kind[0]);
  const name: string[] = [];
  while (words.length && name.length < 3) {
    const w = words.at(-1)!;
    if (PLACE_ENDING.test(w) || CONNECTOR_WORD.test(w) || (cased && !/^\p{Lu}/u.test(w)) || /\d/.test(w)) break;
    name.unshift(words.pop()!);
  }
  // "არის გაყიდვების მენეჯერი": a title before the word "company" is no company's name.
  if (!name.length || isScriptTitle(name.join(' '))) return out;
  // "සීගිරි තේ වතු සමාගම, මහනුවර": the word without a case ending, ending the piece, is part of the name.
  const rest = first.slice(kind.index + kind[0].length);
  out.company = BARE_KIND.test(kind[0]) && /^\s*(?:[,،၊]|$)/u.test(rest) ? [...name, kind[0]].join(' ') : name.join(' ');
  const where = words.at(-1);
  if (where && PLACE_ENDING.test(where) && (!cased || /^\p{Lu}/u.test(where))) out.place = where.replace(PLACE_ENDING, '');
  const after = rest
    .split(/[,،]/u)[0]!
    .replace(new RegExp(String.raw`\s*${COPULA_WORD}\s*$`, 'u'), '')
    // Burmese's "of" (၏) between the company and the title.
    .replace(/^\s*၏\s*/u, '')
    .trim();
  if (after && after.split(/\s+/u).length <= 4 && isScriptTitle(after)) out.role = after;
  return out;
}

// "名古屋に本社を置く" ("headquartered in Nagoya"), "부산에 있는 한빛해운의" ("of Hanbit Shipping, in Busan"): where a
// Japanese or Korean company is based, said before it.
const JAPANESE_BASED = new RegExp(`([${HAN}]{2,4})に(?:本社|本店|拠点)(?:を(?:置く|構える)|がある)`, 'u');
const KOREAN_BASED =
  /(?<![\p{L}])(\p{sc=Hangul}{2,5})에\s*(?:있는|위치한|본사를 둔|본사가 있는)\s+(?:(\p{sc=Hangul}[\p{sc=Hangul}A-Za-z0-9]*?)의(?=\s))?/u;

/**
 * The title and place a Korean, Chinese or Japanese sentence gives around a company it names by its legal form: "부산에
 * 있는 해운물류 주식회사의 구매팀장입니다" ("the purchasing team lead of … in Busan"), "是杭州云织科技有限公司的销售总监",
 * "札幌の北海スイーツ株式会社で営業部長を務めています". The title is kept only when it names an office.
 */
export function cjkFacts(text: string): { role: string; place: string; company: string } {
  // "부산에 있는 한빛해운의 물류팀장": a company "in" a place, then its title, without a legal form.
  const based = KOREAN_BASED.exec(text);
  // "…の製造部長、田中 美咲さん", "物流企画課長の鈴木 葵さん": the title just before a name with an honorific.
  const honoured = HONOURED_NAME.exec(text);
  const titled = honoured ? new RegExp(`([${HAN}\\p{sc=Katakana}ー]{2,8})[、の]?$`, 'u').exec(text.slice(0, honoured.index)) : null;
  // …then the title after the company: "물류팀장" of "…한빛해운의 물류팀장 김민수 님".
  const basedTitle = based?.[2] ? /^\s*(\p{sc=Hangul}+)/u.exec(text.slice(based.index + based[0].length)) : null;
  const out = {
    role: titled && isScriptTitle(titled[1]!) ? titled[1]! : basedTitle && isScriptTitle(basedTitle[1]!) ? basedTitle[1]! : '',
    place: (JAPANESE_BASED.exec(text) ?? based)?.[1] ?? '',
    company: based?.[2] ?? '',
  };
  const company = scriptCompany(text);
  const at = company ? text.indexOf(company) : -1;
  if (at < 0) return out;
  const before = text.slice(0, at);
  const after = text.slice(at + company.length);
  const title =
    /^의\s*([^\s.,。]+(?:\s[^\s.,。]+)?)(?=입니다|이다|예요|이에요)/u.exec(after) ??
    /^的([^\s，,。、；;]+?)(?=[。，,；;]|$)/u.exec(after) ??
    /^で([^\s、。，,]+?)(?=を務め|として)/u.exec(after);
  if (title && isScriptTitle(title[1]!)) out.role = title[1]!;
  const place = /(\S+?)에\s*있는\s*$/u.exec(before) ?? new RegExp(`([${HAN}]{2,4})の$`, 'u').exec(before);
  if (place) out.place = place[1]!;
  return out;
}

/** "之前在西湖食品工作" ("worked at Xihu Foods before"): the employer a Chinese sentence names as the one before. */
export function chinesePreviousEmployer(text: string): string {
  return /(?:之前|以前|此前|曾经?)在(\p{sc=Han}[\p{sc=Han}A-Za-z0-9]{1,15}?)(?:工作|任职|任職|上班|就职|就職)/u.exec(text)?.[1] ?? '';
}

/** "จังหวัดสุพรรณบุรี" ("Suphan Buri province"): the province a Thai text names. */
export function thaiProvince(text: string): string {
  return /จังหวัด\s*(\p{sc=Thai}+)/u.exec(text)?.[1] ?? '';
}
