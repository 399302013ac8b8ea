/**
 * What matters in an industry, as questions a rep can ask and concerns a sentence can name. Leads in
 * different industries get different questions; an industry not listed gets the general ones.
 */
export interface IndustryAngle {
  /** Short noun phrases ("empty miles", "on-time delivery"). */
  concerns: string[];
  /** Whole questions, specific to the industry. */
  questions: string[];
}

const ANGLES: [RegExp, IndustryAngle][] = [
  [
    // Before logistics ("shipping"): a ship operator's questions are about vessels, planned maintenance and crews, not
    // trucks, drivers and empty miles.
    /maritime|ναυτιλ|naviera|denizcilik|rederi|reederei|armateur|shipowner|ship ?management|tankers?\b|bulk carriers?|vessels|海运|해운/i,
    {
      concerns: ['vessel downtime', 'planned maintenance', 'crew changes', 'fuel consumption', 'port turnaround'],
      questions: [
        'How is planned maintenance tracked across the fleet today?',
        'What does a day of unplanned downtime on a vessel cost you?',
        'How are crew changes planned?',
        'How do you keep fuel consumption in check across the fleet?',
        'What slows port turnaround the most?',
      ],
    },
  ],
  [
    // Before logistics ("transport"): a ferry or bus operator's questions are about departures, crews and passengers,
    // not freight lanes.
    /ferr(?:y|ies)\b|passenger|public transport|commuter|transit authority|(?:bus|coach) (?:lines|company|operator|services)\b/i,
    {
      concerns: ['departure delays', 'crew rosters', 'maintenance windows', 'booking changes', 'passenger complaints'],
      questions: [
        'How do you keep departures on time when the weather turns?',
        'How are crew rosters built today?',
        'What do passengers complain about most after a delay?',
        'How do you plan maintenance without cutting services?',
        'How many bookings still come in by phone or at the terminal?',
      ],
    },
  ],
  [
    /log[ií]sti|warehous|लॉजिस्टिक|freight|transport|shipping|haulage|trucking|courier|delivery|fleet|supply chain|логисти|لوجستي|lojistik|logisztik|logistyk|kuljetus|transporte|distribuci[oó]n|trasport|relocation|prijevoz|物流|물류|运输|運輸|โลจิสติกส์|לוגיסטי/i,
    {
      concerns: ['empty miles', 'late deliveries', 'dock scheduling', 'driver retention', 'fuel costs', 'last-minute order changes'],
      questions: [
        'How are you keeping empty miles down as volumes shift?',
        'Where do delays usually start: at pickup, in the yard or at delivery?',
        'How much of the planning still runs on spreadsheets?',
        'Which lanes are hardest to keep profitable this year?',
        'How do you keep drivers once you have trained them?',
        'What happens to the schedule when a customer changes an order at the last minute?',
        'How do you price a new lane when fuel costs move?',
      ],
    },
  ],
  [
    // After logistics (air freight is freight); before hospitality and manufacturing: an airline's questions are
    // about aircraft on the ground, maintenance records and crews, not guests or the shop floor.
    /aviation|aviaci[oó]n|avia[çc][ãa]o|a[ée]ronautique|aeronautic|luftfahrt|lotnict|letectv|ilmailu|havac[ıi]l[ıi]k|airline|airways|aircraft|airport|航空|항공|การบิน|תעופה|авиа/i,
    {
      concerns: ['aircraft downtime', 'maintenance records', 'crew scheduling', 'parts tracking', 'fuel costs'],
      questions: [
        'How do you keep maintenance records ready for the next audit?',
        'What happens to the schedule when an aircraft is grounded?',
        'How is crew scheduling done today?',
        'How long does it take to find a part when an aircraft is waiting for it?',
        'How do you plan for a new aircraft joining the fleet?',
      ],
    },
  ],
  [
    /health|фармац|الأدوية|फार्मा|दवा|salud|sa[uú]de|sant[eé]|sanit[àa](?![a-z])|sanitari|gesundheit|gezondheid|zorg|ziekenhuis|cl[ií]ni|hospital(?!it)|medical|pharma|care|dental|veterinar|medtech|biotech|الصحة|صحي|здравоохран|охорона здоров|υγεί|eg[ée]szs[ée]g|zdravotn|zdrowi|terveyd|tervishoid|sa[ğg]l[ıi]k|kesehatan|y t[ếe]|afya|sanidad|医療|医疗|의료|病院|医院|병원|โรงพยาบาล|สุขภาพ|בריאות/i,
    {
      concerns: ['no-shows', 'staff rosters', 'time spent on admin', 'patient wait times', 'short-notice shifts'],
      questions: [
        'How do no-shows affect the schedule in a typical week?',
        'How much of a clinician’s day goes on admin rather than patients?',
        'What happens to the roster when two people call in sick?',
        'Which part of the patient journey gets the most complaints?',
        'How do you measure whether a new tool saves staff time?',
        'How do you fill a shift at short notice?',
        'What do patients ask about most before their first visit?',
      ],
    },
  ],
  [
    // Before wine and retail: a brewery's questions are about the brewhouse, kegs and seasonal demand, not the
    // harvest. Sake is brewed (酒造, 醸造).
    /brew|brauerei|birrific|browar|pivovar|brouwerij|bryggeri|panimo|s[öo]rf[öo]z|cervec|cervej|\bbeer|\bbier|brasser|酒造|酒蔵|醸造|酿酒|酒厂|양조/i,
    {
      concerns: ['brewing capacity', 'keg returns', 'seasonal demand', 'taproom sales', 'new product launches'],
      questions: [
        'How far ahead do you plan brewing capacity for the summer peak?',
        'How do you keep track of kegs once they leave the brewery?',
        'How do bars and shops place their orders with you today?',
        'What happens to the plan when a new product sells faster than expected?',
        'Which market do you most want to grow in next year?',
        'How much of what you make is sold in your own taproom or shop?',
      ],
    },
  ],
  [
    // Before retail and agriculture: a winery's questions are about distributors, export and the harvest.
    /\bwine|(?<![א-ת])(?:יין|יקב)|vinuri|winer|vineyard|vin[ií]col|vinicult|viticult|\bvin(?:o|ho)?s?\b|vina[řr]stv|vin[áa]rstv|winiar|vinogradar|виноград|винарств|винодел|bor[áa]szat|ワイン|葡萄酒|와인|vingård|bodega|distill|spirits/i,
    {
      concerns: ['distributor margins', 'export paperwork', 'bottling schedules', 'direct sales', 'harvest timing'],
      questions: [
        'How much of your volume still goes through distributors?',
        'Which export market is growing fastest for you this year?',
        'How do you plan bottling around the harvest?',
        'How do restaurants and shops order from you today?',
        'Which part of the export paperwork takes the longest?',
        'What slows an order down between the cellar and the customer?',
      ],
    },
  ],
  [
    // Before retail: an online shop's questions are about carts, deliveries and returns, not tills and store openings.
    /e-?commerce|online (?:shop|store|retail)|webshop|online-?handel|comercio electr[oó]nico|com[eé]rcio eletr[oô]nico|verkkokauppa|电子商务|电商|전자상거래|อีคอมเมิร์ซ/i,
    {
      concerns: ['abandoned carts', 'delivery times', 'returns', 'support tickets', 'marketplace fees'],
      questions: [
        'How many carts are left before checkout on a normal day?',
        'What happens to an order when stock runs out after it is placed?',
        'How much of your support time goes into questions about order status?',
        'How do you handle returns from a market you ship to for the first time?',
        'Which marketplace brings you the most orders, and at what cost?',
      ],
    },
  ],
  [
    /retail|wholesale|detailhandel|थोक|sporting goods|livsmedel|\bpangan\b|أغذية|напитк|minorista|varejo|einzelhandel|grocer|spare parts|auto parts|car parts|motor parts|fmcg|consumer|fashion|apparel|aodach|tekst[iî]l|te[kx]stil|tessil|t[eê]xtil|store|shop|food(?! ?(?:processing|production|manufactur|processor))|beverage|bebida|alimentaci|voeding|conserv|toiduain|elintarvik|[ée]lelmiszer|potravin|[żz]ywno[śs]|prehramben|τρόφιμ|الأغذية|غذائي|makanan|th[ựu]c ph[ẩa]m|chakula|alimentare\b|maisto|g[ıi]da\b|f[øo]devar|b[äa]cker|boulanger|bakery|panader|padaria|pekar|kereskedelem|\bhandel|cosmetic|kosmetik|beauty|d[ệe]t may|화장품|козмет|космет|харчов|食品|小売|零售|소매|유통|식품|อาหาร|מזון/i,
    {
      concerns: ['stock levels', 'queues at the tills', 'store openings', 'margins', 'shelf space'],
      questions: [
        'How do you keep stock right across stores when demand swings?',
        'What slows a new store down in its first month?',
        'Which channel is growing fastest for you this year?',
        'How much do empty shelves cost you in a busy season?',
        'What does a good week look like for the stores you oversee?',
        'How do you decide which products get the best shelf space?',
        'What do customers complain about most at the till?',
      ],
    },
  ],
  [
    // Short words only at a word's start: "Bodegas" is a winery, not a gas company.
    /energy|energ[ií]a|[eé]nergie|energeti[kc]|energetyk|енергет|энергет|\benergi\b|utilit|renewable|solar|\b(?:wind|grid|power|oil|gas)|versorgung|waste|abfall|entsorgung|能源|エネルギー|에너지|พลังงาน|אנרגיה/i,
    {
      concerns: ['asset uptime', 'field crews', 'maintenance backlogs', 'grid reliability', 'emergency repairs'],
      questions: [
        'How do you decide which assets get maintenance first?',
        'How much of the work in the field is planned versus reactive?',
        'What does an outage cost you, beyond the repair itself?',
        'How are crews scheduled when a storm hits?',
        'Which part of the network keeps you up at night?',
        'How long does it take to get a crew to a fault?',
        'What share of the maintenance budget goes on emergencies?',
      ],
    },
  ],
  [
    /bank|credit union|banca|banque|financ|finanz|finan[cç]|fintech|insur|payment|accounting|treasury|invest|capital|venture|equity|versicherung|treuhand|assurance|seguro|金融|銀行|银行|保険|保险|은행|보험|금융|핀테크|การเงิน|פיננס/i,
    {
      concerns: ['month-end close', 'compliance work', 'manual reconciliation', 'fraud losses', 'supplier approvals'],
      questions: [
        'How many days does month-end close take today?',
        'Where does the team still reconcile by hand?',
        'How much of the week goes on compliance reporting?',
        'Which regulation change is taking most of your time this year?',
        'What would you automate first if the budget were there?',
        'How long does it take to approve a new supplier?',
        'Which report takes the team longest each month?',
      ],
    },
  ],
  [
    /software|logiciel|saas|tech|tecnolog|analytics|data|cloud|it services|cyber|security|game|gaming|digital|ai\b|软件|ソフトウェア|소프트웨어|ซอฟต์แวร์|תוכנה/i,
    {
      concerns: ['release speed', 'hiring engineers', 'churn', 'tool sprawl', 'support tickets'],
      questions: [
        'What slows a release down more than it should?',
        'How long does it take to hire a senior engineer right now?',
        'Which tool would the team most like to get rid of?',
        'How do you decide what gets built next quarter?',
        'What does churn look like among your newest customers?',
        'How do new engineers get up to speed?',
        'Which part of the product gets the most support tickets?',
      ],
    },
  ],
  [
    // Before manufacturing: a sawmill is a plant, but its questions are about logs, kilns and timber prices.
    /forest|лесопер|лесозаг|skogsbruk|timber|lumber|sawmill|\bwood\b|wood products|silvicult|forestal|madera|forestier|bois\b|puuteoll|medienos/i,
    {
      concerns: ['log supply', 'sawmill uptime', 'kiln capacity', 'timber prices', 'harvest planning', 'chain-of-custody paperwork'],
      questions: [
        'How far ahead can you plan the log supply for the mills?',
        'Where does a mill lose the most hours: at the saw, in the kiln or waiting for logs?',
        'How do you keep track of chain of custody from the forest to the customer?',
        'How do you price an order when timber prices move?',
        'What happens to the harvest plan when the weather turns?',
        'Which part of the mill runs below capacity most often?',
      ],
    },
  ],
  [
    /manufactur|food ?(?:processing|production|processor)|glasverarb|meccanica|printing|طباعة|båtbygg|boatbuild|otomotif|musikinstrument|мебел|mueble|möbel|meuble|mobili(?:fici|o)|meble|家具|가구|เฟอร์นิเจอร์|نسيج|منسوجات|نساجی|فرش(?:\s|$)|fabrica|industria|ind[uú]stria|industrie|fertigung|industrial|steel|precision|automotive|factory|plant|chemical|aerospace|electronics|cement|mining|glass|ceramic|plastics|paper mill|pulp|التصنيع|производств|виробництв|βιομηχαν|gy[áa]rt|v[ýy]rob|produkcj|valmistus|tootmine|[üu]retim|manufaktur|s[ảa]n xu[ấa]t|viwanda|manifattur|metall|металл|машиностро|maschin|machinery|teollisuus|pramon|t[öo][öo]stus|packag|verpack|embalaj|robot|(?<!civil )engineering|הנדסה|การผลิต|製造|制造|제조|mobilya|n[áa]bytok|m[öo]bel|arredament|furniture|horloger|watchmak|\bcork|miner[ií]a|gruv|metalmecc|semiconductor/i,
    {
      concerns: [
        'line uptime',
        'scrap rates',
        'supplier delays',
        'time lost between production runs',
        'maintenance planning',
        'operator training',
      ],
      questions: [
        'How much unplanned downtime did the lines see last quarter?',
        'Which supplier delays hurt production the most?',
        'How long does it take to switch your busiest line to a new product?',
        'Where does scrap come from most often?',
        'How do you plan maintenance without stopping production?',
        'How do you train operators on a new machine?',
        'Which quality check catches the most problems?',
      ],
    },
  ],
  [
    // Before retail and manufacturing: a workshop of craftspeople sells pieces made by hand, to order and online; its
    // questions are about orders, materials and apprentices, not lines and shelves.
    /handicraft|jubiler|handwerk|artigianat|handcraft|artisan|kerajinan|batik|leather goods|tannerie|tannery|ceramic studio|קרמיקה|אומנות|\bcrafts?\b|pottery|silversmith|goldsmith|jewell?er|artesan[ií]a|kunsthandwerk|artisanat|thủ công|gốm|حرف يدوية|حرفي|فضيات|ورشة|手工艺|工芸|공예|หัตถกรรม/i,
    {
      concerns: ['custom orders', 'material costs', 'online sales', 'order tracking', 'training apprentices'],
      questions: [
        'How do you keep track of custom orders from quote to delivery?',
        'How much of what you sell now goes through online orders?',
        'Which materials have gone up in price the most?',
        'How long does it take to train a new apprentice?',
        'What happens when a big order arrives in a busy month?',
      ],
    },
  ],
  [
    // Before events and media: a circus, a theatre or an orchestra tours, casts and pays its artists; it has no clients'
    // approvals.
    /spectacle|cirque|circus|circo|zirkus|theat(?:er|re)|th[ée][âa]tre|teatro|performing arts|\bop[eé]ra\b|\b[oó]pera\b|orchestr|orquesta|ballet|dance company|compagnie de danse|公演|劇団|극단|공연/i,
    {
      concerns: ['tour planning', 'artist contracts', 'venue bookings', 'ticket sales', 'touring costs'],
      questions: [
        'How far ahead is the next tour booked?',
        'How are artists paid when a tour crosses borders?',
        'Which part of a tour is still planned by e-mail and spreadsheet?',
        'How do you tell early whether a date will sell out?',
        'What does it cost you when a date is called off?',
      ],
    },
  ],
  [
    // Before hospitality and media: an events agency sells tickets and books suppliers.
    /\bevents?\b|festival|conference|exhibition|trade show|wedding|veranstaltung|[eé]v[eé]nementiel|eventos|evenemang/i,
    {
      concerns: ['ticket sales', 'supplier bookings', 'vendor payments', 'sponsor renewals', 'last-minute changes'],
      questions: [
        'How far ahead do most tickets sell for an event like yours?',
        'How many suppliers does a typical event involve?',
        'What happens when a supplier cancels the week before?',
        'How do you keep sponsors coming back the next year?',
        'Which part of an event takes the most admin once it is over?',
      ],
    },
  ],
  [
    /hospitality|hosteler[ií]a|toerisme|cestovn[ýí] ruch|fitness|vrije tijd|fritid|宿泊|coffee|leisure|h[oô]tel|restaurant|travel|tourism|funivi|impianti a fune|seilbahn|bergbahn|ski ?lift|remont[ée]es m[ée]caniques|turismo|tourisme|turizam|turystyk|cestovn[ií] ruch|idegenforgalom|matkailu|τουρισμ|туризм|taquer|caf[eé]|catering|turi[sz]m|観光|旅游|관광|ホテル|酒店|호텔|โรงแรม|ท่องเที่ยว|utalii/i,
    {
      concerns: ['staffing peaks', 'food costs', 'online bookings', 'repeat guests'],
      questions: [
        'How do you staff for the busiest nights without overspending on the quiet ones?',
        'How many bookings come in online now?',
        'What brings a guest back a second time?',
        'Which costs moved the most this year?',
        'How do new staff learn the ropes on a busy shift?',
      ],
    },
  ],
  [
    /agri|apicult|beekeep|állattenyészt|uppfödning|डेयरी|nông sản|\blactate\b|agro|farm|fresh produce|茶叶|茶厂|茶业|茶園|perikanan|ประมง|ฟาร์ม|กุ้ง|рыбн|рыболов|수산|양식|해조|rumput laut|seaweed|kelp|cocoa|crop|dairy|laiti|horticult|tuinbouw|floricult|perladang|amaeth|агро|visserij|fisher|fishing|aquacult|sj[øo]mat|seafood|sj[áa]var|zuivel|mejeri|landbou|th[ủu]y s[ảa]n|कृषि|农业|農業|농업|水産|渔业|เกษตร|חקלאות|alimentaire|alimentos|lebensmittel|n[oō]u?gy[oō]u?|pertanian|perkebunan|tar[ıi]m\b|rolnic|landbouw|landwirtschaft|jordbruk|maatalous|mez[őo]gazd|zem[eě]d[eě]l|n[oô]ng nghi[eệ]p|kilimo|poljoprivred|po[ľl]nohospod|γεωργ|αγροτ|сельск|сільськ|земјоделств|земеделие|lauksaimniec|žemės ūki|põllumajandus|landbrug|landbruk/i,
    {
      concerns: ['harvest planning', 'storage losses', 'buyer contracts', 'weather risk'],
      questions: [
        'How far ahead can you plan the harvest right now?',
        'How much is lost between the farm and the warehouse?',
        'How do you handle a bad-weather week in the schedule?',
        'Which buyers are asking for more traceability?',
        'What would a second warehouse change for you?',
      ],
    },
  ],
  [
    /legal|\blaw\b|law firm|lawyer|attorney|solicitor|jur[ií]dic|juridisch|advocat|avocat|abogad|advogad|kanzlei|rechtsanw|notar/i,
    {
      concerns: ['billable hours', 'time tracking', 'matter intake', 'document review'],
      questions: [
        'How much billable time slips through because nobody logged it?',
        'How long does it take to open a new matter today?',
        'Which part of document review still eats the most hours?',
        'How do you decide which work goes to juniors and which to partners?',
        'What do clients ask for most that the firm finds hard to give?',
      ],
    },
  ],
  [
    /educa|school|colegio|[eé]cole|escola|schule|universit|college|academ|learning|edtech|training|التعليم|تعليم|образован|освіт|εκπαίδευ|oktat[áa]s|vzd[eě]l[aá]v|edukac|koulutus|haridus|utbildning|uddannelse|onderwijs|obrazovanj|pendidikan|gi[áa]o d[ụu]c|elimu|e[ğg]itim|教育|교육|การศึกษา|חינוך/i,
    {
      concerns: ['parent communication', 'timetabling', 'teacher workload', 'enrollment numbers'],
      questions: [
        'How do teachers reach parents when something changes at short notice?',
        'How much of a teacher’s week goes on admin?',
        'What does timetabling look like at the start of a term?',
        'Which question do parents ask the office most often?',
        'How do you know a new tool is actually used in the classroom?',
      ],
    },
  ],
  [
    /construct|constru|b[aâ]timent|\bBTP\b|\bbau|building|architect|civil engineer|contractor|real estate|property|inmobili|immobili|البناء|строител|будівн|κατασκευ|[ée]p[íi]t[őo]ipar|stavebn|budownic|rakennus|ehitus|[iİ]n[şs]aat|konstruksi|x[âa]y d[ựu]ng|ujenzi|\bbygg|eiendom|elektroinstall|installatie|facilit|建設|建筑|建築|건설|부동산|不動産|房地产|ก่อสร้าง|בנייה/i,
    {
      concerns: ['rework on site', 'site diaries', 'subcontractor schedules', 'snags at the final walk-through'],
      questions: [
        'How does news from the site reach the office today?',
        'How much rework did the last project need?',
        'What happens to the schedule when a subcontractor is late?',
        'How long does it take to close out the snags at the final walk-through?',
        'Which paperwork still lives on paper on site?',
      ],
    },
  ],
  [
    // Before government and charities: a parish, a mosque or a temple runs on giving, volunteers and its building.
    /religio|\bchurch(?:es)?\b|parish|diocese|congregation|\bkirk\b|mosque|synagogue|\btemples?\b|gurdwara|[ée]glise|paroisse|iglesia|parroquia|igreja|par[óo]quia|kirchengemeinde|pfarr/i,
    {
      concerns: ['giving and donations', 'volunteer rotas', 'building upkeep', 'membership records', 'weekly notices'],
      questions: [
        'How do most members give today: envelopes, bank transfer or online?',
        'How are volunteer rotas put together each month?',
        'What does keeping the building in good repair take each year?',
        'How do you keep the membership roll up to date?',
        'How do people hear about what is on each week?',
      ],
    },
  ],
  [
    /government|public safety|public sector|municipal|council|ministry|city of|ayuntamiento|mairie|beh[oö]rde|non-?profit|ngo|\bONG\b|charity|foundation/i,
    {
      concerns: ['funding cycles', 'reporting requirements', 'procurement rules', 'service backlogs'],
      questions: [
        'How much of the year goes into reporting to funders or the board?',
        'What does a purchase have to go through before it is approved?',
        'Which service has the longest waiting list?',
        'How do you show the impact of a new program?',
      ],
    },
  ],
  [
    /media|publish|news|broadcast|agency|advertis|creative|studio|entertain|music|film/i,
    {
      concerns: ['client approvals', 'production deadlines', 'freelancer bookings', 'ad revenue'],
      questions: [
        'How many rounds of approval does a typical piece go through?',
        'How do you book freelancers for a busy month?',
        'Which deadline slipped most recently, and why?',
        'Where does a new client’s brief usually get stuck?',
      ],
    },
  ],
  [
    /telecom|telco|mobile network|isp\b|broadband|fibre|fiber/i,
    {
      concerns: ['network outages', 'customer churn', 'field installs', 'call-center volume'],
      questions: [
        'How long does a new installation take from order to live?',
        'What drives most of the calls to the support line?',
        'How do you spot a customer about to leave?',
        'Where do outages take the longest to fix?',
      ],
    },
  ],
];

const GENERAL: IndustryAngle = {
  concerns: [
    'growth plans',
    'admin work',
    'the tools you rely on',
    'hand-offs between teams',
    'reporting',
    'hiring',
    'customer expectations',
    // More than a handful: leads whose industry the writer cannot read share these, and a small pool gave two such
    // leads the same sentences.
    'order tracking',
    'supplier delays',
    'scheduling',
    'paperwork',
    'onboarding new staff',
    'customer follow-up',
  ],
  questions: [
    'What is the one project you most want to get right this quarter?',
    'Where does the team lose the most time today?',
    'What would you change first if you could fix one process?',
    'How do you decide when a new tool is worth the switch?',
    'What does a good quarter look like for you?',
    'Which report takes the longest to put together each month?',
    'What did customers ask for this year that surprised you?',
    'Where does work wait longest between two teams?',
    'What would you hire for first if you had one more person?',
    'Which task would you hand off first if you could?',
    'How do you keep track of an order from the first call to delivery?',
    'Which part of the week goes to paperwork?',
    'How long does it take a new hire to get up to speed?',
    'Which supplier would you least like to lose?',
    'How do you hear about a problem before a customer does?',
    'What slows a new customer down in their first month with you?',
  ],
};

/**
 * What a role is responsible for, in English, French, Spanish, Portuguese and German titles: the angle
 * for a lead whose industry the writer has none for, so the questions still fit the person's work.
 */
const ROLE_ANGLES: [RegExp, IndustryAngle][] = [
  [
    /qualit|calidad|quality|\bQA\b|compliance|conformit/i,
    {
      concerns: ['audit findings', 'batch traceability', 'customer complaints', 'supplier quality'],
      questions: [
        'How long does it take to trace a batch back to its supplier today?',
        'What do auditors ask about that takes the longest to answer?',
        'Where do most quality problems start?',
        'How do you follow up a customer complaint from first call to fix?',
      ],
    },
  ],
  [
    /achat|compra|procure|purchas|einkauf|sourcing|buyer|acheteu/i,
    {
      concerns: ['supplier lead times', 'tender paperwork', 'price increases from suppliers', 'approval cycles'],
      questions: [
        'How many suppliers do you compare before a large order?',
        'What slows a purchase order down between request and approval?',
        'How do you handle a supplier who raises prices mid-contract?',
        'Which category is hardest to buy well this year?',
      ],
    },
  ],
  [
    /vente|ventas|vendas|sales|commercial|vertrieb|business development|revenue|account exec|صادرات|تصدير|مبيعات|فروش/i,
    {
      concerns: ['pipeline coverage', 'ramp time for new reps', 'forecast accuracy', 'deals that stall'],
      questions: [
        'How long does a new rep take to close a first deal?',
        'Where do deals stall most often in your pipeline?',
        'How close did last quarter land to the forecast?',
        'What does your team do when a deal goes quiet for two weeks?',
      ],
    },
  ],
  [
    /market|brand|growth|communication/i,
    {
      concerns: ['cost per lead', 'campaign reporting', 'content production', 'attribution'],
      questions: [
        'Which channel brings the leads sales likes best?',
        'How long does a campaign take from idea to launch?',
        'How do you show which campaigns drove revenue?',
        'What would you stop doing if the budget were cut tomorrow?',
      ],
    },
  ],
  [
    /financ|\bCFO\b|controll|contr[oô]l|account|tr[eé]sor|treasur|comptab|contab|buchhalt/i,
    {
      concerns: ['month-end close', 'cash forecasting', 'late payments', 'manual reconciliations'],
      questions: [
        'How many days does month-end close take today?',
        'How far ahead can you see cash with confidence?',
        'Which reconciliations still happen in spreadsheets?',
        'How do you chase customers who pay late?',
      ],
    },
  ],
  [
    /\bHR\b|\bRH\b|people|talent|recruit|recursos humanos|ressources humaines|personal|hiring|payroll|الموارد البشرية|منابع انسانی/i,
    {
      concerns: ['time to hire', 'staff turnover', 'onboarding', 'payroll errors'],
      questions: [
        'How long does it take to fill an open role right now?',
        'What makes good people stay in their first year?',
        'What does onboarding look like in a new hire’s first week?',
        'Which roles are hardest to hire for this year?',
      ],
    },
  ],
  [
    /\bIT\b|\bCTO\b|\bCIO\b|engineer|develop|software|data|tech|informati|digital|platform|architect/i,
    {
      concerns: ['technical debt', 'release cadence', 'after-hours alerts', 'integration work'],
      questions: [
        'How often does the team ship to production?',
        'Which system would you replace first if you had the budget?',
        'How much of the year’s plan goes into integration work?',
        'Which alert reaches the on-call engineer most often?',
      ],
    },
  ],
  [
    /secur|s[eé]curit|seguridad|sicherheit|\bCISO\b|risk/i,
    {
      concerns: ['audit readiness', 'alert fatigue', 'access reviews', 'third-party risk'],
      questions: [
        'How many alerts does the team triage in a normal week?',
        'How long does an access review take from start to sign-off?',
        'Which audit takes the most preparation each year?',
        'How do you check a new vendor before it touches your data?',
      ],
    },
  ],
  [
    /customer|client|support|success|service|kunden|atención/i,
    {
      concerns: ['response times', 'churn', 'ticket backlog', 'renewals'],
      questions: [
        'How quickly does a customer hear back on a new ticket?',
        'What is the most common reason a customer leaves?',
        'How do you spot an account at risk before the renewal?',
        'Which questions does support answer over and over?',
      ],
    },
  ],
  [
    /exploitation|operaci|opera[cç]|operations|\bCOO\b|betrieb|plant|site|production|produc/i,
    {
      concerns: ['capacity planning', 'shift coverage', 'process handoffs', 'cost per unit'],
      questions: [
        'Where does work wait the longest between two teams?',
        'How do you plan capacity for a busy month?',
        'What happens to the plan when two people are out on the same day?',
        'Which cost has grown fastest over the last year?',
      ],
    },
  ],
  [
    /\bCEO\b|founder|partner|socio|associ[eé]|fondat|fundador|owner|propriét|pemilik|propietari|eigenaar|inhaber|titolare|sahibi|w[łl]a[śs]ciciel|majitel|tulajdonos|omistaja|[äa]gare|g[eé]rant|gesch[aä]ftsf|managing director|pr[eé]sident|director general|directeur g[eé]n[eé]ral/i,
    {
      concerns: ['hiring the next managers', 'new investments', 'cash runway', 'time spent firefighting'],
      questions: [
        'What would you do with an extra day a week?',
        'Which decision is on your desk that you keep putting off?',
        'Where do you want the business to be a year from now?',
        'What is the first thing you check every Monday?',
      ],
    },
  ],
];

/** The industry family a text names ("Freight" and "Logistics" are one), '' when none. */
export function industryFamily(...clues: string[]): string {
  const text = clues.filter(Boolean).join(' ');
  const i = ANGLES.findIndex(([re]) => re.test(text));
  return i < 0 ? '' : ANGLES[i]![0].source.split('|')[0]!;
}

/** The angle for an industry (and the company's name and role as clues when the industry is not given). */
export function industryAngle(...clues: string[]): IndustryAngle {
  // The first clue that names an industry wins: a stated industry ("Manufacturing") before a company name
  // that happens to hold another's word ("Indus Textiles").
  for (const clue of clues.filter(Boolean)) {
    const found = ANGLES.find(([re]) => re.test(clue));
    if (found) return found[1];
  }
  return GENERAL;
}

/** The industry's angle; when there is none, the role's (as written, in any language it knows), else the general one. */
export function leadAngle(industry: string, company: string, role: string): IndustryAngle {
  const byIndustry = industryAngle(industry, company, role);
  if (byIndustry !== GENERAL) return byIndustry;
  return ROLE_ANGLES.find(([re]) => re.test(role))?.[1] ?? GENERAL;
}
