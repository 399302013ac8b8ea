import { describe, expect, it } from 'vitest';
import { extractProfile } from './extract-profile';
import { scriptCompany, scriptName } from './extract-profile-scripts';

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
    expect(scriptCompany('Maria Rossi is Head of Sales at Vela Foods.')).toBe('');
  });

  it('gives the reader a person it found nothing for, and puts a family name it read as a given name last', () => {
    const p = extractProfile('中村 優子さんは、株式会社青葉食品の物流部長です。本社は仙台。');
    expect([p.firstName, p.lastName, p.company]).toEqual(['優子', '中村', '株式会社青葉食品']);
  });
});
