import type { NameParts } from './extract-profile-words';

/**
 * People and companies in scripts the other readers miss. The tagger reads words between spaces, and Chinese and
 * Japanese put none between a name, a company and the words around them ("陈志强是星辰电子有限公司的供应链总监");
 * the rules find names and companies by their capital letters, which no script here has. What marks them instead:
 * a form of address after or before the name (さん, 씨, คุณ), a name opening the text before a comma or "is" (是),
 * and a company's legal form (株式会社, 有限公司, 주식회사, บริษัท … จำกัด, प्राइवेट लिमिटेड, ذ.م.م, בע"מ).
 * Used only where the other readers found nothing.
 */

/** "メモ：", "備註：": a note's label before the text. */
const LABEL = String.raw`(?:[^\n：:|｜]{1,6}[：:]\s*)?`;
const HAN = String.raw`\p{sc=Han}`;
const KANA = String.raw`\p{sc=Hiragana}\p{sc=Katakana}ー`;

// 山田 美咲さんは / 佐々木 翔 | CTO / 鈴木 大輔（営業本部長）: family name, given name, then an honorific or a field's end.
const JAPANESE_NAME = new RegExp(String.raw`^${LABEL}([${HAN}]{1,3})\s?([${HAN}${KANA}]{1,3})(?=さん|様|氏|\s*[（(|｜,，、])`, 'u');
// 佐々木 健 | COO: two runs of characters with a space between them are a family and a given name, in either language.
const SPACED_NAME = new RegExp(String.raw`^${LABEL}([${HAN}]{1,3})\s([${HAN}${KANA}]{1,3})(?=さん|様|氏|是|\s*[（(|｜,，、])`, 'u');
// 김지훈 씨는 / 박서연, 인사팀장: a Korean name of two to four syllables, then "Mr/Ms" or a comma.
const KOREAN_NAME = new RegExp(String.raw`^${LABEL}(\p{sc=Hangul})(\p{sc=Hangul}{1,3})(?=\s*(?:씨|님)|\s*[,，、(（])`, 'u');
// 陈志强是… / 林雅婷，行銷經理: a Chinese name of two to four characters opening the text, then "is" or a comma.
const CHINESE_NAME = new RegExp(String.raw`^${LABEL}([${HAN}])([${HAN}]{1,3})(?=是|\s*[,，、(（|｜])`, 'u');
// คุณสมชาย วงศ์ไทย: Thai writes the given name first, after คุณ (Mr/Ms), นาย (Mr), นาง (Mrs) or นางสาว (Miss).
const THAI_NAME = /(?:คุณ|นางสาว|นาย|นาง)\s*(\p{sc=Thai}+)\s+(\p{sc=Thai}+)/u;

/** The person a text in Chinese, Japanese, Korean or Thai script names, with the family name as such. */
export function scriptName(text: string): (NameParts & { nameAsWritten: string }) | null {
  const t = text.trim();
  const thai = THAI_NAME.exec(t);
  if (thai) return { firstName: thai[1]!, lastName: thai[2]!, nameAsWritten: `${thai[1]} ${thai[2]}` };
  // A space between two runs of characters splits a family name from a given one; else kana in the text says
  // Japanese, whose names are written like Chinese ones.
  const familyFirst = new RegExp(`[${KANA}]`, 'u').test(t) ? JAPANESE_NAME : /\p{sc=Hangul}/u.test(t) ? KOREAN_NAME : CHINESE_NAME;
  const m = SPACED_NAME.exec(t) ?? familyFirst.exec(t);
  if (!m) return null;
  const nameAsWritten = m[0].slice(m[0].indexOf(m[1]!)).trim();
  return { firstName: m[2]!, lastName: m[1]!, nameAsWritten };
}

// Words that end a company's name before it starts in Hindi ("located in", "in", "of") and Urdu ("in", "established").
const HINDI_BREAK = '(?:स्थित|में|की|के|का|और|है|हैं|पर|से|को|ने)';
const URDU_BREAK = '(?:میں|قائم|کے|کی|کا|اور|ہے|ہیں|سے|کو|پر|نے)';
const COMPANY_BY_FORM: RegExp[] = [
  // 株式会社北斗精機の…, 丸の内フーズ株式会社、, Kumoten株式会社: up to a particle, a punctuation mark or a space.
  /(?:株式会社|有限会社|合同会社)[^\s、。，,：:（）()|｜のはがをにで]+|[^\s、。，,：:（）()|｜@]+?(?:株式会社|有限会社|合同会社)/u,
  // 星辰电子有限公司, 綠茶生技股份有限公司: after "is", "at" or a punctuation mark.
  /[^\s，,、。：:；;（）()|｜是在于於为為的]{2,24}?(?:股份有限公司|有限责任公司|有限責任公司|有限公司)/u,
  // 한빛물류 주식회사의, 주식회사 누리소프트: the legal form is part of the name as written, the particle after it is not.
  /[\p{sc=Hangul}A-Za-z0-9]+\s*(?:주식회사|\(주\))|(?:주식회사|\(주\))\s*[\p{sc=Hangul}A-Za-z0-9]+?(?=(?:의|에서|에|는|은|이|가|를|을)?(?:\s|$|[,.]))/u,
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

/** A company named by its legal form in one of the scripts above; '' when none. */
export function scriptCompany(text: string): string {
  for (const re of COMPANY_BY_FORM) {
    const m = re.exec(text);
    // "私は丸の内フーズ株式会社": a Japanese topic or subject before the name is no part of it.
    if (m) return m[0].replace(/^[^\s]*[はが](?=[^はが]+(?:株式会社|有限会社|合同会社)$)/u, '').trim();
  }
  return '';
}
