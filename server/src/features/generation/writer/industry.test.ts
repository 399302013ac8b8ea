import { beforeAll, describe, expect, it } from 'vitest';
import { lintText } from '../quality/lint-text';
import { industryAngle, industryFamily, leadAngle } from './industry';

// Harper's WASM takes seconds to start: once here, not in a test's time.
beforeAll(() => lintText('Ready.'), 120_000);

describe('the industry angles', () => {
  it('reads Dutch care and Korean fintech as the industries they are', () => {
    expect(industryAngle('Zorg')).toBe(industryAngle('Healthcare'));
    expect(industryAngle('핀테크')).toBe(industryAngle('Financial services'));
  });

  it('reads furniture makers as manufacturing, Thai and Korean fisheries as farming and Hindi pharma as health', () => {
    expect(industryAngle('Мебель')).toBe(industryAngle('Manufacturing'));
    expect(industryAngle('Möbelbau')).toBe(industryAngle('Manufacturing'));
    expect(industryAngle('ประมง')).toBe(industryAngle('Agriculture'));
    expect(leadAngle('', 'ฟาร์มกุ้งทองดี', 'เจ้าของ')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('수산업')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('फार्मा')).toBe(industryAngle('Healthcare'));
    expect(industryAngle('茶叶')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('Tekstîl')).toBe(industryAngle('Textiles'));
  });

  it('gives a craft workshop its orders, materials and apprentices, in Arabic and Vietnamese too', () => {
    const craft = industryAngle('Handicrafts');
    expect(craft.concerns).toContain('custom orders');
    expect(industryAngle('حرف يدوية')).toBe(craft);
    expect(industryAngle('Thủ công mỹ nghệ')).toBe(craft);
    expect(leadAngle('אומנות', 'סטודיו קרמיקה', 'בעלים')).toBe(craft);
    expect(industryAngle('Aodach')).toBe(industryAngle('Fashion'));
    expect(industryAngle('Kerajinan')).toBe(craft);
    expect(industryAngle('Leather Goods')).toBe(craft);
    expect(leadAngle('', 'Ashgrove Pottery', 'Owner')).toBe(craft);
    expect(industryAngle('Manufacturing')).not.toBe(craft);
    expect(industryAngle('Software')).not.toBe(craft);
  });

  it('gives a touring circus or theatre its tours and artists, and a seaweed farm the harvest', () => {
    const stage = industryAngle('Spectacle vivant');
    expect(stage.concerns).toContain('tour planning');
    expect(leadAngle('', 'Teatro del Faro', 'Directora')).toBe(stage);
    expect(industryAngle('Advertising')).not.toBe(stage);
    expect(industryAngle('Operations')).not.toBe(stage);
    expect(industryAngle('Perikanan')).toBe(industryAngle('Agriculture'));
    expect(leadAngle('', 'North Shore Kelp Co', 'Founder')).toBe(industryAngle('Agriculture'));
  });

  it('gives a ship operator vessels, planned maintenance and crews, not drivers and empty miles', () => {
    const angle = industryAngle('Ναυτιλία');
    expect(angle.concerns).toContain('planned maintenance');
    expect(industryAngle('Maritime')).toBe(angle);
    expect(industryAngle('Logistics')).not.toBe(angle);
    expect(angle.questions.join(' ')).not.toMatch(/drivers|empty miles/);
  });

  it('gives a ferry or bus operator departures, crews and passengers, not freight lanes', () => {
    const angle = leadAngle('', 'Harbourline Ferries', 'Head of Digital');
    expect(angle.concerns).toContain('departure delays');
    expect(angle).not.toBe(industryAngle('Logistics'));
    expect(industryAngle('Public transport')).toBe(angle);
    expect(industryAngle('Freight & logistics')).not.toBe(angle);
  });

  it('gives a sawmill its own questions (logs, kilns, timber prices), not a factory’s, even when the role says "Manufacturing"', () => {
    const angle = leadAngle('Forestry', 'Tasman Timber Products', 'General Manager, Manufacturing');
    expect(angle).toBe(industryAngle('Timber'));
    expect(angle).not.toBe(industryAngle('Manufacturing'));
    expect(angle.concerns).toContain('kiln capacity');
    expect(industryFamily('Forestry')).not.toBe(industryFamily('Manufacturing'));
    expect(industryFamily('Lumber & wood products')).toBe(industryFamily('Forestry'));
  });

  it('reads "Sanità" and "Veterinary" as health, "Leisure" as hospitality, "Bebidas" as drinks: not as industries it does not know', () => {
    expect(industryAngle('Sanità')).toBe(industryAngle('Healthcare'));
    expect(industryAngle('Servizi sanitari')).toBe(industryAngle('Healthcare'));
    expect(industryAngle('Leisure')).toBe(industryAngle('Hospitality'));
    // Tourism and farming named in Greek, Croatian, Slovak and Russian.
    expect(industryAngle('Τουρισμός')).toBe(industryAngle('Hospitality'));
    expect(industryAngle('Turizam')).toBe(industryAngle('Hospitality'));
    expect(industryAngle('Poljoprivreda')).toBe(industryAngle('Agriculture'));
    // A winery and energy in Czech and Slovak (two such leads shared 36.8% of their scripts on the general angle).
    expect(industryAngle('Vinařství')).toBe(industryAngle('Winery'));
    expect(industryAngle('Energetika')).toBe(industryAngle('Energy'));
    // A sake brewery in Japanese, a ropeway company in Italian (the next pair on the general angle, 35% shared).
    expect(industryAngle('酒造')).toBe(industryAngle('Brewery'));
    expect(industryAngle('Impianti a fune')).toBe(industryAngle('Hospitality'));
    expect(industryAngle('Vinicultura')).toBe(industryAngle('Winery'));
  });

  it('reads industries named in Japanese, Russian, Dutch, Swedish, Korean and Thai (two such leads shared 47.4% of their scripts on the general angle)', () => {
    expect(industryAngle('物流')).toBe(industryAngle('Logistics'));
    expect(industryAngle('Logistiek')).toBe(industryAngle('Logistics'));
    expect(industryAngle('Машиностроение')).toBe(industryAngle('Manufacturing'));
    expect(industryAngle('Metallverarbeitung')).toBe(industryAngle('Manufacturing'));
    expect(industryAngle('Bygg')).toBe(industryAngle('Construction'));
    expect(industryAngle('Civil engineering')).toBe(industryAngle('Construction'));
    expect(industryAngle('에너지')).toBe(industryAngle('Energy'));
    expect(industryAngle('การผลิต')).toBe(industryAngle('Manufacturing'));
    expect(industryAngle('软件')).toBe(industryAngle('Software'));
    expect(industryAngle('Turizm')).toBe(industryAngle('Hospitality'));
    expect(industryAngle('Aquaculture')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('Versicherung')).toBe(industryAngle('Insurance'));
    // The next pair on the general angle (38.1% shared): farming in Hindi and e-commerce in Chinese.
    expect(industryAngle('कृषि')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('电子商务')).toBe(industryAngle('E-commerce'));
    // An online shop is asked about carts, deliveries and returns, not tills.
    expect(industryAngle('E-commerce')).not.toBe(industryAngle('Retail'));
    expect(industryAngle('E-commerce').concerns).toContain('abandoned carts');
    expect(industryAngle('Trasporti')).toBe(industryAngle('Logistics'));
  });

  it('reads the trade a company name says when the industry is in a language it does not read (two such leads shared 40% of their texts)', () => {
    expect(leadAngle('Ezolimo', 'Mbeki Fresh Produce', 'Umlawuli')).toBe(industryAngle('Agriculture'));
    expect(leadAngle('Azụmahịa', 'Kano Spare Parts Ltd', 'Onye njikwa')).toBe(industryAngle('Retail'));
    // Weaving and carpets named in Arabic and Persian are made in mills; an HR director and an export manager by their titles.
    expect(industryFamily('النسيج')).toBe(industryFamily('Manufacturing'));
    expect(industryFamily('فرش')).toBe(industryFamily('Manufacturing'));
    expect(leadAngle('', '', 'مديرة الموارد البشرية')).toBe(leadAngle('', '', 'HR Director'));
    expect(leadAngle('', '', 'مدیر صادرات')).toBe(leadAngle('', '', 'Sales Manager'));
  });

  it('asks an airline about aircraft on the ground, maintenance records and crews, not about guests or deliveries', () => {
    const aviation = industryAngle('Aviation');
    expect(aviation.concerns).toContain('maintenance records');
    expect(industryAngle('Skyveld Airlink Airways')).toBe(aviation);
    expect(aviation).not.toBe(industryAngle('Hospitality'));
    expect(aviation).not.toBe(industryAngle('Logistics'));
    expect(industryFamily('Aviation')).not.toBe(industryFamily('Logistics'));
    expect(industryAngle('Air freight')).toBe(industryAngle('Logistics'));
  });

  it('asks a brewery about its brewhouse and kegs, not about the harvest a winery plans around', () => {
    // "Getränke" (drinks) names no trade: the company's "Brauerei" does.
    const brewery = leadAngle('Getränke', 'Brauerei Obermaier KG', 'Leiter IT');
    expect(brewery).toBe(industryAngle('Brewery'));
    expect(brewery).not.toBe(industryAngle('Winery'));
    expect(brewery.concerns).not.toContain('harvest timing');
    expect(industryAngle('Craft Beer')).toBe(brewery);
    expect(industryAngle('Bodegas Herrera')).toBe(industryAngle('Winery'));
    expect(industryAngle('Poľnohospodárstvo')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('Сельское хозяйство')).toBe(industryAngle('Agriculture'));
    // Education in Arabic, food in Estonian, building in Turkish.
    expect(industryAngle('التعليم')).toBe(industryAngle('Education'));
    expect(industryAngle('Toiduained')).toBe(industryAngle('Retail'));
    expect(industryAngle('İnşaat')).toBe(industryAngle('Construction'));
    expect(industryAngle('Sanitation')).not.toBe(industryAngle('Healthcare'));
    // "Hospitality" holds "hospital": a hotel is not asked about no-shows and patient wait times.
    expect(industryAngle('Hospitality').concerns).toContain('repeat guests');
    expect(industryAngle('Hospital services')).toBe(industryAngle('Healthcare'));
    // A veterinary practice books appointments and rosters clinicians; "Bebidas" is a drinks maker.
    expect(industryAngle('Veterinary')).toBe(industryAngle('Healthcare'));
    expect(industryAngle('Bebidas')).toBe(industryAngle('Food & beverage'));
  });

  it('asks a winery about distributors and export, not about gas ("Bodegas" holds "gas"), whatever names it', () => {
    const wine = industryAngle('Wine');
    expect(wine.questions).toContain('How much of your volume still goes through distributors?');
    for (const clue of ['Winery', 'Viticulture', 'Vinos y licores']) expect(industryAngle(clue), clue).toBe(wine);
    // A brewery has questions of its own (below).
    for (const clue of ['Brewery', 'Birrificio', 'Pivovar']) expect(industryAngle(clue), clue).toBe(industryAngle('Craft beer'));
    expect(leadAngle('', 'Bodegas Peña Alta', 'Export Director')).toBe(wine);
    expect(industryAngle('Bodegas Peña Alta')).not.toBe(industryAngle('Energy'));
    expect(industryAngle('Oil & Gas')).toBe(industryAngle('Energy'));
    expect(industryAngle('Wind power')).toBe(industryAngle('Energy'));
  });

  it('asks an events agency about tickets and suppliers, and reads a French law firm as a law firm', () => {
    expect(industryAngle('Events').concerns).toContain('ticket sales');
    expect(industryAngle('Events')).not.toBe(industryAngle('Media'));
    expect(industryAngle("Cabinet d'avocats")).toBe(industryAngle('Legal services'));
  });

  it('reads an industry or an owner named in other languages', () => {
    expect(industryAngle('Nougyou')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('Pertanian')).toBe(industryAngle('Agriculture'));
    expect(industryAngle('Tekstil')).toBe(industryAngle('Textiles'));
    expect(leadAngle('', 'CV Batik Laweyan', 'Pemilik')).toBe(leadAngle('', 'CV Batik Laweyan', 'Owner'));
    expect(leadAngle('', 'Zahradnictví Novák', 'majitel')).toBe(leadAngle('', 'Zahradnictví Novák', 'Owner'));
  });

  it('says its own concerns and questions in American English, with nothing Harper objects to', async () => {
    for (const industry of ['Forestry', 'Manufacturing', 'Telecommunications', 'Wine', 'Events']) {
      const { concerns, questions } = industryAngle(industry);
      const text = [...questions, ...concerns.map((c) => `We talked about ${c} today.`)].join('\n\n');
      expect(await lintText(text), industry).toEqual([]);
    }
  });
  it('reads industries named in other words or languages, and gives a parish or a mosque its own questions', () => {
    const same = (a: string, b: string) => expect(industryAngle(a), a).toBe(industryAngle(b));
    same('Warehousing', 'Logistics');
    same('Фармацевтика', 'Healthcare');
    same('Wholesale', 'Retail');
    same('Hostelería', 'Hospitality');
    same('Skogsbruk', 'Forestry');
    same('Glasverarbeitung', 'Manufacturing');
    same('Jubilerstwo', 'Handicrafts');
    same('Apicultura', 'Agriculture');
    same('Credit Union', 'Banking');
    same('Vinuri', 'Wine');
    // A food processor's questions are the plant's, not the tills'.
    same('Food Processing', 'Manufacturing');
    same('Food & Beverage', 'Retail');
    const faith = industryAngle('Religious Organisation');
    expect(faith.concerns).toContain('volunteer rotas');
    expect(industryAngle('', 'Kirk of St Ninian, Braemuir Parish')).toBe(faith);
    expect(industryAngle('Government')).not.toBe(faith);
    // "מעיין" (a spring) holds the letters of "wine" (יין): a water company is not a winery.
    expect(industryAngle('', 'מעיין טכנולוגיות מים')).not.toBe(industryAngle('Wine'));
    expect(industryAngle('', 'Churchill Couriers')).toBe(industryAngle('Logistics'));
  });
});
