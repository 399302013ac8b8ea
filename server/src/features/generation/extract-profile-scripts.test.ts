import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';
import { scriptCompany, scriptFields, scriptName, sovFacts } from './extract-profile-scripts';

describe('people and companies in scripts without capital letters', () => {
  it('reads a Chinese, Japanese or Korean name with the family name first, and a Thai one after คุณ', () => {
    expect(scriptName('周海燕是东方鲸物流有限公司的销售总监，常驻宁波。')).toEqual({
      firstName: '海燕',
      lastName: '周',
      nameAsWritten: '周海燕',
    });
    expect(scriptName('備註：許家豪，財務經理，台北。')).toMatchObject({ firstName: '家豪', lastName: '許' });
    expect(scriptName('中村 優子さんは、青葉食品株式会社の物流部長です。')).toEqual({
      firstName: '優子',
      lastName: '中村',
      nameAsWritten: '中村 優子',
    });
    expect(scriptName('佐々木 健 | COO @ 青葉食品')).toMatchObject({ firstName: '健', lastName: '佐々木' });
    expect(scriptName('이수진 씨는 바다소프트의 개발팀장입니다.')).toMatchObject({ firstName: '수진', lastName: '이' });
    expect(scriptName('คุณวิภา ศรีสุข ผู้จัดการฝ่ายขาย')).toMatchObject({ firstName: 'วิภา', lastName: 'ศรีสุข' });
    // No name to go on: a sentence about the company.
    expect(scriptName('公司刚在东莞开设了第二家工厂。')).toBeNull();
  });

  it('reads a company by its legal form, without the words around it', () => {
    expect(scriptCompany('周海燕是东方鲸物流有限公司的销售总监')).toBe('东方鲸物流有限公司');
    expect(scriptCompany('中村 優子さんは、株式会社青葉食品の物流部長です。')).toBe('株式会社青葉食品');
    expect(scriptCompany('メモ：中村 優子、青葉食品株式会社、仙台。')).toBe('青葉食品株式会社');
    expect(scriptCompany('이수진 씨는 바다소프트 주식회사의 개발팀장입니다.')).toBe('바다소프트 주식회사');
    expect(scriptCompany('คุณวิภา ศรีสุข บริษัท ไทยเกษตร จำกัด เชียงใหม่')).toBe('บริษัท ไทยเกษตร จำกัด');
    // "in Jaipur located …", "of Dhaka …", "in Karachi established …": the place before the name is not part of it.
    expect(scriptCompany('सुनील वर्मा, जयपुर स्थित गुलाबी टेक्सटाइल्स प्राइवेट लिमिटेड में प्रबंधक हैं।')).toBe('गुलाबी टेक्सटाइल्स प्राइवेट लिमिटेड');
    expect(scriptCompany('রাকিব হাসান চট্টগ্রামের মেঘনা ফুডস লিমিটেডের ব্যবস্থাপক।')).toBe('মেঘনা ফুডস লিমিটেড');
    expect(scriptCompany('علی رضا، کراچی میں قائم ساحل فوڈز لمیٹڈ کے منیجر ہیں۔')).toBe('ساحل فوڈز لمیٹڈ');
    expect(scriptCompany('ليلى حداد مديرة المبيعات في شركة الواحة للأغذية ذ.م.م في عمّان.')).toBe('الواحة للأغذية ذ.م.م');
    expect(scriptCompany('דנה כץ היא מנהלת כספים בחברת גל מים בע״מ בחיפה.')).toBe('גל מים בע״מ');
    // A name in quotation marks, unless "before that" comes before it.
    expect(scriptCompany("फ़ातिमा शेख 'नीला आसमान' में प्रबंधक हैं। इससे पहले वह 'सागर टेक' में थीं।")).toBe('नीला आसमान');
    expect(scriptCompany("इससे पहले वह 'सागर टेक' में थीं।")).toBe('');
    // The marks of בע"מ and ב"שחר" sit between letters: no span between them is a quoted name.
    expect(scriptCompany('דנה כץ עובדת בחברת גל בע"מ. בעבר עבדה ב"שחר".')).toBe('גל בע"מ');
    expect(scriptCompany('דנה כץ עובדת כאן, בע"מ. בעבר עבדה ב"שחר".')).toBe('');
    expect(scriptCompany('Maria Rossi is Head of Sales at Vela Foods.')).toBe('');
  });

  it('reads a contact line of pieces by what each piece is: a title by its office, a company, a place after it', () => {
    expect(scriptFields('メモ：中村 優子（経理部長）、青葉食品株式会社、仙台。来月、新工場を稼働。')).toEqual({
      name: '中村 優子',
      role: '経理部長',
      company: '青葉食品株式会社',
      place: '仙台',
    });
    expect(scriptFields('이수진 — 바다소프트 주식회사 개발팀장, 근무지: 대전. 이전 직장: 하늘정보.')).toEqual({
      name: '이수진',
      role: '개발팀장',
      company: '바다소프트 주식회사',
      place: '대전',
    });
    expect(scriptFields('周海燕，现任「东方鲸」销售总监，工作地点：宁波。')).toMatchObject({
      role: '销售总监',
      company: '东方鲸',
      place: '宁波',
    });
    expect(scriptFields('ผู้จัดการฝ่ายขาย | ไทยเกษตร | เชียงใหม่ | อดีต: สยามฟาร์ม')).toEqual({
      name: '',
      role: 'ผู้จัดการฝ่ายขาย',
      company: 'ไทยเกษตร',
      place: 'เชียงใหม่',
    });
    expect(scriptFields('ملاحظات: ليلى حداد، مديرة المبيعات في مجموعة الواحة، عمّان.')).toEqual({
      name: 'ليلى حداد',
      role: 'مديرة المبيعات',
      company: 'مجموعة الواحة',
      place: 'عمّان',
    });
    // Latin script is the other readers' (capital letters tell its pieces apart).
    expect(scriptFields('Maria Rossi, Head of Sales, Vela Foods, Turin')).toEqual({ name: '', role: '', company: '', place: '' });
  });

  it('reads a labelled sentence after the contact line ("勤務地：仙台。")', () => {
    expect(scriptFields('中村 優子 — 株式会社アオバ、経理部長。勤務地：仙台。前職：「北斗」。')).toEqual({
      name: '中村 優子',
      role: '経理部長',
      company: '株式会社アオバ',
      place: '仙台',
    });
  });

  it('reads the place after the name and the title before the verb in Hindi, Urdu, Bengali and Tamil', () => {
    expect(sovFacts("फ़ातिमा शेख जयपुर की 'नीला आसमान' में निर्यात प्रबंधक हैं। इससे पहले…", 'फ़ातिमा शेख')).toEqual({
      role: 'निर्यात प्रबंधक',
      place: 'जयपुर',
    });
    expect(sovFacts("علی رضا کراچی میں 'ساحل فوڈز' کے سیلز منیجر ہیں۔", 'علی رضا')).toEqual({ role: 'سیلز منیجر', place: 'کراچی' });
    expect(sovFacts("রাকিব হাসান চট্টগ্রামের 'মেঘনা ফুডস'-এর বিক্রয় ব্যবস্থাপক।", 'রাকিব হাসান')).toEqual({
      role: 'বিক্রয় ব্যবস্থাপক',
      place: 'চট্টগ্রামের',
    });
    expect(sovFacts("மீனா குமார் மதுரையில் உள்ள 'தென்றல் உணவு' நிறுவனத்தின் விற்பனை மேலாளர்.", 'மீனா குமார்')).toEqual({
      role: 'விற்பனை மேலாளர்',
      place: 'மதுரையில்',
    });
    // What stands before the verb is no title unless it names an office.
    expect(sovFacts("फ़ातिमा शेख जयपुर की 'नीला आसमान' में काम करती हैं।", 'फ़ातिमा शेख').role).toBe('');
  });

  it('reads labelled lines in Chinese and Persian', () => {
    const zh = extractProfile('・姓名：許家豪\n・職稱：財務經理\n・公司：北辰精密\n・地點：台北\n・正在導入新的ERP系統');
    expect([zh.lastName, zh.firstName, zh.role, zh.company, zh.place]).toEqual(['許', '家豪', '財務經理', '北辰精密', '台北']);
    const fa = extractProfile('- نام: سارا کاظمی\n- سمت: مدیر فروش\n- شرکت: آسمان داده، تبریز');
    expect([fa.firstName, fa.lastName, fa.role, fa.company]).toEqual(['سارا', 'کاظمی', 'مدیر فروش', 'آسمان داده']);
  });

  it('gives the reader a person it found nothing for, and puts a family name it read as a given name last', () => {
    const p = extractProfile('中村 優子さんは、株式会社青葉食品の物流部長です。本社は仙台。');
    expect([p.firstName, p.lastName, p.company]).toEqual(['優子', '中村', '株式会社青葉食品']);
  });
});
