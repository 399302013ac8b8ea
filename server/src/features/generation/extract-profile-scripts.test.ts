import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';
import { cjkFacts, kindFacts, scriptCompany, scriptFields, scriptName, sovFacts, withoutCompanyWord } from './extract-profile-scripts';

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
    // Armenian: a given name and a surname in -յան open the text, the article written onto the surname.
    expect(scriptName('Լիլիթ Ավետիսյանը Վանաձորում գործող Լոռի Ֆուդ ընկերության ֆինանսական տնօրենն է։')).toMatchObject({
      firstName: 'Լիլիթ',
      lastName: 'Ավետիսյան',
    });
    expect(scriptName('Լոռի Ֆուդ ընկերությունը Վանաձորում է։')).toBeNull();
  });

  it('reads a company by its legal form, without the words around it', () => {
    expect(scriptCompany('周海燕是东方鲸物流有限公司的销售总监')).toBe('东方鲸物流有限公司');
    // A cooperative, an association or a foundation, with its title ("general secretary").
    expect(scriptCompany('陈立新是湘西茶农合作社的理事长。')).toBe('湘西茶农合作社');
    expect(extractProfile('林美玲是台南漁民協會的總幹事。')).toMatchObject({ company: '台南漁民協會', role: '總幹事' });
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
  it('reads a company after the word "company" in Arabic, Persian and Urdu, and one "located in" a place in Hindi', () => {
    expect(scriptCompany('هدى سليم مديرة التسويق في شركة رمال للبرمجيات في جدة.')).toBe('رمال للبرمجيات');
    expect(scriptCompany('مریم رضایی مدیر فروش در شرکت کوه‌نور داده در شیراز است.')).toBe('کوه‌نور داده');
    expect(scriptCompany('احمد علی ملتان میں قائم کمپنی سنہری کپاس میں سیلز منیجر ہیں۔')).toBe('سنہری کپاس');
    expect(scriptCompany('अमित जोशी पुणे स्थित नीलगिरी सॉफ्टवेयर में बिक्री प्रमुख हैं।')).toBe('नीलगिरी सॉफ्टवेयर');
    // A company in „…“ in a script without capitals, unless "before that" (ადრე) comes first.
    expect(scriptCompany('ლევან კაპანაძე მუშაობს კომპანიაში „მთის წყარო“, ქუთაისი.')).toBe('მთის წყარო');
    expect(scriptCompany('ადრე: „ზღვის ბანკი“.')).toBe('');
  });

  it('reads contact lines with full-width slashes and bars, pieces in brackets and titles it does not know', () => {
    expect(scriptFields('高橋 健太（たかはし けんた）／株式会社アオバ工業 品質部長／名古屋／前職：東海電装')).toEqual({
      name: '高橋 健太',
      role: '品質部長',
      company: '株式会社アオバ工業',
      place: '名古屋',
    });
    expect(scriptFields('李明轩｜云帆物流 运营总监｜坐标：武汉｜前东家：长江快运')).toEqual({
      name: '李明轩',
      role: '运营总监',
      company: '云帆物流',
      place: '武汉',
    });
    expect(scriptFields('정하늘 (영업팀장, 푸른바다식품, 인천). 이전 직장은 한결유통.')).toEqual({
      name: '정하늘',
      role: '영업팀장',
      company: '푸른바다식품',
      place: '인천',
    });
    // Korean writes a title with a space in it: "마케팅 매니저" is one title, not a company and a title.
    expect(scriptFields('최민아 | 마케팅 매니저 | 누리스튜디오 | 대전').role).toBe('마케팅 매니저');
    // Three pieces after the name, none a known title: the title, the company and the place, in that order.
    expect(scriptFields('శ్రీనివాస్ రెడ్డి, ప్రొడక్ట్ హెడ్, గోదావరి సాఫ్ట్, విజయవాడ.')).toEqual({
      name: 'శ్రీనివాస్ రెడ్డి',
      role: 'ప్రొడక్ట్ హెడ్',
      company: 'గోదావరి సాఫ్ట్',
      place: 'విజయవాడ',
    });
    expect(scriptFields('ملاحظات: سامي الرفاعي، المدير المالي، شركة الفرات للتجارة، بغداد.')).toEqual({
      name: 'سامي الرفاعي',
      role: 'المدير المالي',
      company: 'الفرات للتجارة',
      place: 'بغداد',
    });
  });

  it('does not read a list headed by a label no contact line has as pieces of a contact ("Проблемы: …, …, …")', () => {
    const text =
      'Екатерина Лаврентьева — директор по цифровой трансформации сети клиник «Рябина» (Екатеринбург).\n\n' +
      'Проблемы: пациенты не могут записаться, колл-центр перегружен, отчёты собираются вручную.';
    expect(scriptFields(text)).toEqual({ name: '', role: '', company: '', place: '' });
    expect(extractProfile(text)).toMatchObject({ company: 'Рябина', place: 'Екатеринбург' });
    // A note's own label still heads the pieces.
    expect(scriptFields('メモ：佐藤 健、営業部長、株式会社青空、札幌')).toMatchObject({ company: '株式会社青空' });
  });

  it('does not take a name and the label after it for a label ("陳思遠，職稱：")', () => {
    expect(scriptName('林志明，職稱：財務長，公司：新竹光電，地點：新竹。')).toMatchObject({ firstName: '志明', lastName: '林' });
  });
  it('reads a note headed 【…】 with the pieces in brackets, a title "@" a company, where someone works and a former employer', () => {
    const t = '【訪問メモ】山本直樹様（株式会社ミドリ化成／品質保証部長／静岡）\n・前職：東海樹脂';
    expect(scriptName(t)).toMatchObject({ firstName: '直樹', lastName: '山本', nameAsWritten: '山本直樹' });
    expect(scriptFields(t)).toMatchObject({ role: '品質保証部長', company: '株式会社ミドリ化成', place: '静岡' });
    expect(scriptFields('黃家豪 | 業務經理 @ 山嵐科技 | 新竹 | 前 海岸電子')).toEqual({
      name: '黃家豪',
      role: '業務經理',
      company: '山嵐科技',
      place: '新竹',
    });
    expect(scriptFields('이준호 | 구매팀장 | 바다식품 | 전 한결유통 | 송도 근무').place).toBe('송도');
    expect(scriptFields('ملاحظات المكالمة: م. سامي الرفاعي، المدير المالي، شركة الفرات للتجارة، بغداد.').name).toBe('سامي الرفاعي');
  });
  it('reads a quoted company with its legal form before the title, and contact lines in Burmese, Amharic, Lao and Chinese', () => {
    expect(scriptFields('Нурлан Сейтов — «Көкшетау Сүт» ЖШС коммерциялық директоры, Көкшетау.')).toEqual({
      name: 'Нурлан Сейтов',
      role: 'коммерциялық директоры',
      company: 'Көкшетау Сүт',
      place: 'Көкшетау',
    });
    expect(scriptFields('Լիլիթ Հակոբյան, «Սևան Ֆուդ» ՍՊԸ-ի ֆինանսական տնօրեն, Գյումրի։').company).toBe('Սևան Ֆուդ');
    expect(scriptFields('ဒေါ်ခင်မာလွင် — စီမံခန့်ခွဲမှုမန်နေဂျာ၊ ရတနာ ပို့ဆောင်ရေး ကုမ္ပဏီ၊ ရန်ကုန်။ ယခင်က …')).toEqual({
      name: 'ခင်မာလွင်',
      role: 'စီမံခန့်ခွဲမှုမန်နေဂျာ',
      company: 'ရတနာ ပို့ဆောင်ရေး ကုမ္ပဏီ',
      place: 'ရန်ကုန်',
    });
    expect(scriptFields('ዳዊት ታደሰ — የግብይት ኃላፊ፣ አባይ ጨርቃጨርቅ፣ ባህር ዳር። ከዚህ በፊት …').company).toBe('አባይ ጨርቃጨርቅ');
    expect(scriptFields('ທ່ານ ບຸນມີ ສີສຸວັນ, ຜູ້ອຳນວຍການ, ບໍລິສັດ ນ້ຳຂອງ ໂລຈິສຕິກ, ວຽງຈັນ.')).toEqual({
      name: 'ບຸນມີ ສີສຸວັນ',
      role: 'ຜູ້ອຳນວຍການ',
      company: 'ນ້ຳຂອງ ໂລຈິສຕິກ',
      place: 'ວຽງຈັນ',
    });
    expect(scriptFields('刘思远，成都锦江电子有限公司采购经理。曾任职于…')).toMatchObject({
      role: '采购经理',
      company: '成都锦江电子有限公司',
    });
  });

  it('reads a title, then its quoted company, then the place; and a Greek title "at the" (στην) company', () => {
    expect(scriptFields('Ірина Коваль — фінансова директорка «Поліські Меблі», Житомир. Шукають нову ERP.')).toEqual({
      name: 'Ірина Коваль',
      role: 'фінансова директорка',
      company: 'Поліські Меблі',
      place: 'Житомир',
    });
    expect(scriptFields('Алексей Петров — технический директор ООО «Северный Лес», Архангельск.')).toMatchObject({
      role: 'технический директор',
      company: 'Северный Лес',
      place: 'Архангельск',
    });
    expect(scriptFields('דנה לוי, מנהלת כספים ב"פרי הגליל", קריית שמונה. מחפשים מערכת חדשה.')).toMatchObject({
      role: 'מנהלת כספים',
      company: 'פרי הגליל',
      place: 'קריית שמונה',
    });
    expect(scriptFields('Νίκος Παππάς, οικονομικός διευθυντής στην Κρητικά Γαλακτοκομικά Α.Ε., Ηράκλειο.')).toMatchObject({
      role: 'οικονομικός διευθυντής',
      company: 'Κρητικά Γαλακτοκομικά Α.Ε.',
      place: 'Ηράκλειο',
    });
    // Hebrew's "of the winery" or "at the chain" before the quoted name, Ukrainian's "works in" before the place, and
    // Greek's "in" (στο) after the company.
    expect(scriptFields('רון אבני, מנהל המכירות של יקב "הר הכרמל", עכו.')).toMatchObject({ role: 'מנהל המכירות', company: 'הר הכרמל' });
    expect(scriptFields('מיכל בר, מנהלת כספים ברשת החנויות "צמח", אשדוד.')).toMatchObject({ role: 'מנהלת כספים', company: 'צמח' });
    expect(scriptFields('Тарас Мельник — технічний директор «Волинь Дерево», працює у Луцьку.').place).toBe('Луцьку');
    expect(scriptFields('Μαρία Λαμπράκη — διευθύντρια στην Κεραμική Ρόδου ΑΕ στο Ρέθυμνο — από σύσταση.')).toMatchObject({
      company: 'Κεραμική Ρόδου ΑΕ',
      place: 'Ρέθυμνο',
    });
    expect(extractProfile('Ірина Коваль — фінансова директорка «Поліські Меблі», Житомир. Шукають нову ERP.')).toMatchObject({
      company: 'Поліські Меблі',
      place: 'Житомир',
    });
  });

  it('reads a company "located" in a place in Urdu and Tamil, and one after ㈜ in Korean', () => {
    expect(scriptCompany('سلمان احمد فیصل آباد میں واقع روشن ٹیکسٹائلز میں پروڈکشن منیجر ہیں۔')).toBe('روشن ٹیکسٹائلز');
    expect(scriptCompany('பிரியா ராஜன், மதுரையில் உள்ள தென்றல் உணவு நிறுவனத்தின் விற்பனை மேலாளர்.')).toBe('தென்றல் உணவு');
    expect(scriptCompany('이민수 님은 대구에 있는 ㈜한결테크의 영업 이사입니다.')).toBe('㈜한결테크');
  });
  it('reads the title and place a Korean, Chinese or Japanese sentence gives around the company', () => {
    expect(cjkFacts('박지민 님은 인천에 있는 한결식품 주식회사의 품질팀장입니다. 이전에는 …')).toEqual({
      role: '품질팀장',
      place: '인천',
      company: '',
    });
    expect(cjkFacts('周海燕是东方鲸物流有限公司的销售总监。她之前在…')).toEqual({ role: '销售总监', place: '', company: '' });
    expect(cjkFacts('中村 優子さんは、仙台の青葉食品株式会社で物流部長を務めています。')).toEqual({
      role: '物流部長',
      place: '仙台',
      company: '',
    });
    expect(scriptCompany('中村 優子さんは、仙台の青葉食品株式会社で物流部長を務めています。')).toBe('青葉食品株式会社');
    // Words before "입니다" that name no office are no title.
    expect(cjkFacts('박지민 님은 한결식품 주식회사의 직원입니다.').role).toBe('');
  });

  it('reads a company named before the word "company" with its case ending, the place before it and the title after it', () => {
    // Telugu: "plant manager in the Krishna Steels company in Guntur".
    expect(kindFacts('లక్ష్మి ప్రసాద్, గుంటూరులోని కృష్ణా స్టీల్స్ సంస్థలో ప్లాంట్ మేనేజర్. గతంలో …')).toEqual({
      name: '',
      role: 'ప్లాంట్ మేనేజర్',
      company: 'కృష్ణా స్టీల్స్',
      place: 'గుంటూరు',
    });
    // Azerbaijani, with capitals: a word in lower case ends the name, a place "in" (-da) comes before it.
    expect(kindFacts('Rəşad Quliyev Gəncədə Kəpəz Süd şirkətinin maliyyə direktorudur.')).toMatchObject({
      company: 'Kəpəz Süd',
      place: 'Gəncə',
    });
    // Sinhala: the word without an ending, closing the piece, is part of the name.
    expect(kindFacts('සුනිල් ද සිල්වා — කළමනාකරු, රුහුණු මුද්‍රණ සමාගම, ගාල්ල.').company).toBe('රුහුණු මුද්‍රණ සමාගම');
    // Sinhala's "located in" before the name is no part of it.
    expect(kindFacts('කුමාරි ජයසූරිය ගාල්ල පිහිටි රුහුණු මුද්‍රණ සමාගමේ කළමනාකරු වේ.').company).toBe('රුහුණු මුද්‍රණ');
    // A former employer, a company named in quotation marks after the word, a title before it: none is read here.
    expect(kindFacts('முன்பு வைகை மோட்டார்ஸ் நிறுவனத்தில் பணியாற்றினார்.').company).toBe('');
    expect(kindFacts("अनीता वर्मा भोपाल की कपड़ा कंपनी 'नर्मदा वीव्स' में प्रबंधक हैं।").company).toBe('');
    expect(kindFacts('ლევან გელაშვილი არის გაყიდვების მენეჯერი ალაზნის ღვინის კომპანიაში.').company).not.toMatch(/მენეჯერი/u);
  });

  it('reads a Hindi, Marathi or Nepali company by its legal form without the place it is "located in"', () => {
    expect(scriptCompany('स्नेहा जोशी नाशिक येथील सह्याद्री टूल्स प्रा. लि. मध्ये खरेदी प्रमुख आहेत.')).toBe('सह्याद्री टूल्स प्रा. लि.');
    expect(scriptCompany('सुनिता राई पोखरास्थित माछापुच्छ्रे होटल्स प्रा.लि.की प्रबन्धक हुन्।')).toBe('माछापुच्छ्रे होटल्स प्रा.लि.');
  });

  it('reads a title after the word "company" without it', () => {
    expect(withoutCompanyWord('компаниясының сауда директоры')).toBe('сауда директоры');
    expect(withoutCompanyWord('Head of Sales')).toBe('Head of Sales');
  });
});

describe('notes and sentences in scripts without capitals, read whole', () => {
  it('reads a bulleted note: a place or a former employer on a labelled line is no name', () => {
    const zh = extractProfile('拜访记录：\n・周晓梅，财务总监\n・公司：宁波海纳包装\n・地点：宁波\n・前东家：甬江纸业');
    expect(zh).toMatchObject({ nameAsWritten: '周晓梅', company: '宁波海纳包装', place: '宁波', previousCompany: '甬江纸业' });
    const ko = extractProfile('상담 메모\n- 최유나 대표, 바다숲 식품 (제주)\n- 올해 수출 시작\n- 전 직장: 한라푸드');
    expect(ko.nameAsWritten ?? `${ko.lastName}${ko.firstName}`).toBe('최유나');
    expect(ko.previousCompany).toBe('한라푸드');
  });

  it('reads a Japanese name with さん inside a sentence, its title before it, and where the company is based', () => {
    const p = extractProfile('福岡に本社を置く株式会社みなと製菓の品質保証部長、松本 彩さん。新ラインを立ち上げ中。');
    expect(p).toMatchObject({ nameAsWritten: '松本 彩', role: '品質保証部長', company: '株式会社みなと製菓', place: '福岡' });
  });

  it('reads a Korean company "in" a place without a legal form, with its title', () => {
    const p = extractProfile('대전에 있는 새봄물산의 구매팀장 윤서준 님과 통화했습니다. 새 창고를 짓고 있습니다.');
    expect(p).toMatchObject({ company: '새봄물산', place: '대전', role: '구매팀장' });
  });

  it('reads a Chinese note: the person met, the title after 的, and the employer before', () => {
    const p = extractProfile('上周在广州的展会上认识了黄嘉欣，她是佛山美味调料有限公司的销售总监，之前在南海食品工作。');
    expect(p).toMatchObject({ nameAsWritten: '黄嘉欣', role: '销售总监', previousCompany: '南海食品' });
    expect(p.place).not.toMatch(/之前|工作/);
  });

  it('reads a Thai province, a Bengali company after the word "company", and a Hebrew title "of" its company', () => {
    expect(extractProfile('คุณวิภา ศรีสุข ผู้อำนวยการฝ่ายขาย บริษัท น้ำตาลทอง จำกัด จังหวัดขอนแก่น ต้องการระบบใหม่').place).toBe('ขอนแก่น');
    const bn = extractProfile('খুলনার চিংড়ি কোম্পানি নীল সাগর লিমিটেডের বিক্রয় ব্যবস্থাপক রাশেদ করিম জানালেন, তাঁরা নতুন গুদাম খুলছেন।');
    expect(bn).toMatchObject({ company: 'নীল সাগর লিমিটেড', place: 'খুলনা' });
    const he = extractProfile('שיחה עם רונית שמש, מנהלת התפעול של מאפיות השרון. הם מחפשים מערכת חדשה.');
    expect(he).toMatchObject({ role: 'מנהלת התפעול' });
    expect(`${he.firstName} ${he.lastName}`).toBe('רונית שמש');
  });
});
