/**
 * Everyday phrases, written for this project (MIT, like the code): greetings, thanks and the kind of
 * requests people type to a chat assistant. The UDHR and CLDR have none of this register, and
 * without it "thanks!" or "hello, how are you?" came out as Sesotho. Only for widely used languages
 * whose everyday phrasing we could write with confidence; training text only (the chat check in
 * detector.test.ts uses different sentences).
 */
export const EVERYDAY_PHRASES: Readonly<Record<string, string>> = {
  eng_Latn: `Hi there! Good morning. Good evening, everyone. Hey, what's up?
Thank you so much. Thanks a lot for your help. You're welcome. No problem at all.
Please explain this to me. Could you translate this sentence? I need help with my homework.
What does this word mean? How do I cook rice? Tell me a joke. I don't understand.
Yes, that's right. No, that's wrong. Okay, see you tomorrow. Good night and sleep well.
What's your name? My name is Anna. Where is the station? How much does it cost?
I would like to book a table for two. Can you summarize this article for me?
Write a short poem about the sea. Why is the sky blue? I'm feeling tired today.`,
  spa_Latn: `¡Buenos días, señora! Buenas tardes. Buenas noches a todos. ¿Qué tal? Hola a todos.
Muchas gracias por tu ayuda. De nada. No pasa nada. Por favor, explícame esto.
¿Puedes traducir esta frase? Necesito ayuda con mis deberes. ¿Qué significa esta palabra?
¿Cómo se cocina el arroz? Cuéntame un chiste. No entiendo. Sí, claro. No, eso está mal.
Vale, hasta mañana. ¿Cómo te llamas? Me llamo Ana. ¿Dónde está la estación? ¿Cuánto cuesta?
Quiero reservar una mesa para dos. ¿Puedes resumir este artículo? Escribe un poema corto sobre el mar.
¿Por qué el cielo es azul? Hoy estoy muy cansado. Estoy bien, gracias, ¿y tú?`,
  fra_Latn: `Bonjour, madame ! Bonsoir à tous. Coucou, quoi de neuf ? Merci pour ton aide. Je t'en prie.
De rien. Pas de problème. S'il te plaît, explique-moi ça. Tu peux traduire cette phrase ?
J'ai besoin d'aide pour mes devoirs. Qu'est-ce que ce mot veut dire ? Comment on cuit le riz ?
Raconte-moi une blague. Je ne comprends pas. Oui, c'est vrai. Non, c'est faux. D'accord, à demain.
Bonne nuit, les enfants. Comment tu t'appelles ? Je m'appelle Anne. Où est la gare ? Combien ça coûte, ce livre ?
Je voudrais réserver une table pour deux. Tu peux résumer cet article ? Écris un petit poème sur la mer.
Pourquoi le ciel est bleu ? Je suis fatigué aujourd'hui. Je vais bien, et toi ?`,
  deu_Latn: `Guten Tag, Frau Müller! Guten Abend zusammen. Hi, was gibt's Neues? Vielen Dank für deine Hilfe.
Bitte schön. Kein Problem. Bitte erklär mir das. Kannst du diesen Satz übersetzen?
Ich brauche Hilfe bei meinen Hausaufgaben. Was bedeutet dieses Wort? Wie kocht man Reis?
Erzähl mir einen Witz. Ich verstehe das nicht. Ja, genau. Nein, das ist falsch. Okay, bis morgen.
Gute Nacht, Mama. Wie heißt du? Ich heiße Anna. Wo ist der Bahnhof? Wie viel kostet das?
Ich möchte einen Tisch für zwei reservieren. Kannst du diesen Artikel zusammenfassen?
Schreib ein kurzes Gedicht über das Meer. Warum ist der Himmel blau? Ich bin heute müde. Mir geht's gut.`,
  por_Latn: `Bom dia, pessoal! Boa tarde. Boa noite a todos. Oi, tudo certo? Muito obrigada pela ajuda.
De nada. Sem problema. Por favor, me explica isso. Você pode traduzir esta frase?
Preciso de ajuda com o meu dever de casa. O que significa esta palavra? Como se faz arroz?
Me conta uma piada. Não entendi. Sim, é isso. Não, está errado. Beleza, até amanhã.
Como você se chama? Meu nome é Ana. Onde fica a estação? Quanto custa?
Quero reservar uma mesa para duas pessoas. Pode resumir este artigo? Escreva um poema curto sobre o mar.
Por que o céu é azul? Estou cansado hoje. Estou bem, e você?`,
  ita_Latn: `Buongiorno, signora! Buonasera a tutti. Ehi, come va? Grazie per l'aiuto. Prego. Nessun problema.
Per favore, spiegami questo. Puoi tradurre questa frase? Ho bisogno di aiuto con i compiti.
Cosa significa questa parola? Come si cucina il riso? Raccontami una barzelletta. Non capisco.
Sì, esatto. No, è sbagliato. Va bene, a domani. Buonanotte. Come ti chiami? Mi chiamo Anna.
Dov'è la stazione? Quanto costa questo? Vorrei prenotare un tavolo per due. Puoi riassumere questo articolo?
Scrivi una breve poesia sul mare. Perché il cielo è blu? Oggi sono stanco. Sto bene, e tu?`,
  nld_Latn: `Goedemorgen! Goedenavond allemaal. Hallo, alles goed? Dank je wel voor je hulp. Graag gedaan.
Geen probleem. Leg me dit alsjeblieft uit. Kun je deze zin vertalen? Ik heb hulp nodig met mijn huiswerk.
Wat betekent dit woord? Hoe kook je rijst? Vertel me een grap. Ik begrijp het niet. Ja, klopt.
Nee, dat is fout. Oké, tot morgen. Welterusten. Hoe heet je? Ik heet Anna. Waar is het station?
Hoeveel kost het? Ik wil graag een tafel voor twee reserveren. Kun je dit artikel samenvatten?
Schrijf een kort gedicht over de zee. Waarom is de lucht blauw? Ik ben moe vandaag. Met mij gaat het goed.`,
  rus_Cyrl: `Доброе утро, мама! Добрый вечер всем. Здравствуйте, доктор! Спасибо большое за помощь. Пожалуйста.
Без проблем. Объясни мне это, пожалуйста. Можешь перевести это предложение? Мне нужна помощь с домашним заданием.
Что значит это слово? Как варить рис? Расскажи анекдот. Я не понимаю. Да, верно. Нет, это неправильно.
Хорошо, до завтра. Спокойной ночи. Как тебя зовут? Меня зовут Анна. Где вокзал? Сколько это стоит?
Я хочу заказать столик на двоих. Можешь кратко пересказать эту статью? Напиши короткое стихотворение о море.
Почему небо голубое? Я сегодня устал. У меня всё хорошо, а у тебя?`,
  ukr_Cyrl: `Доброго ранку! Добрий вечір усім. Вітаю! Дякую за допомогу. Будь ласка. Без проблем.
Поясни мені це, будь ласка. Можеш перекласти це речення? Мені потрібна допомога з домашнім завданням.
Що означає це слово? Як зварити рис? Розкажи анекдот. Я не розумію. Так, правильно. Ні, це неправильно.
Добре, до завтра. На добраніч. Як тебе звати? Мене звати Анна. Де вокзал? Скільки це все коштує?
Я хочу замовити столик на двох. Можеш коротко переказати цю статтю? Напиши короткий вірш про море.
Чому небо блакитне? Я сьогодні втомився. У мене все добре, а в тебе?`,
  pol_Latn: `Dzień dobry, pani! Dobry wieczór wszystkim. Hej, co słychać? Dziękuję za pomoc. Proszę bardzo.
Nie ma problemu. Wyjaśnij mi to, proszę. Możesz przetłumaczyć to zdanie? Potrzebuję pomocy z pracą domową.
Co znaczy to słowo? Jak ugotować ryż? Opowiedz mi dowcip. Nie rozumiem. Tak, zgadza się. Nie, to źle.
Dobrze, do jutra. Dobranoc, kochanie. Jak masz na imię? Mam na imię Anna. Gdzie jest dworzec? Ile to wszystko kosztuje?
Chciałbym zarezerwować stolik dla dwóch osób. Możesz streścić ten artykuł? Napisz krótki wiersz o morzu.
Dlaczego niebo jest niebieskie? Jestem dziś zmęczony. U mnie wszystko dobrze.`,
  tur_Latn: `Günaydın! İyi akşamlar herkese. Selam, ne haber? Yardımın için çok teşekkür ederim. Rica ederim.
Sorun değil. Lütfen bunu bana açıkla. Bu cümleyi çevirebilir misin? Ödevim için yardıma ihtiyacım var.
Bu kelime ne demek? Pilav nasıl yapılır? Bana bir fıkra anlat. Anlamıyorum. Evet, doğru. Hayır, yanlış.
Tamam, yarın görüşürüz. İyi geceler. Adın ne? Benim adım Ayşe. İstasyon nerede? Bu ne kadar?
İki kişilik bir masa ayırtmak istiyorum. Bu makaleyi özetleyebilir misin? Deniz hakkında kısa bir şiir yaz.
Gökyüzü neden mavi? Bugün çok yorgunum. İyiyim, sen nasılsın?`,
  ara_Arab: `صباح الخير! مساء الخير للجميع. أهلا وسهلا. شكرا جزيلا على مساعدتك. عفوا. لا مشكلة.
من فضلك اشرح لي هذا. هل يمكنك ترجمة هذه الجملة؟ أحتاج مساعدة في واجبي المنزلي. ما معنى هذه الكلمة؟
كيف أطبخ الأرز؟ احك لي نكتة. لا أفهم. نعم، صحيح. لا، هذا خطأ. حسنا، أراك غدا. تصبح على خير.
ما اسمك؟ اسمي سارة. أين المحطة؟ كم سعر هذا؟ أريد حجز طاولة لشخصين. هل يمكنك تلخيص هذا المقال؟
اكتب قصيدة قصيرة عن البحر. لماذا السماء زرقاء؟ أنا متعب اليوم. أنا بخير، وأنت؟`,
  pes_Arab: `صبح بخیر! عصر بخیر. درود بر همه. خیلی ممنون از کمکت. خواهش می‌کنم. مشکلی نیست.
لطفا این را برایم توضیح بده. می‌توانی این جمله را ترجمه کنی؟ برای تکالیفم کمک لازم دارم. این کلمه یعنی چه؟
برنج را چطور بپزم؟ یک لطیفه برایم تعریف کن. متوجه نمی‌شوم. بله، درست است. نه، اشتباه است. باشه، تا فردا.
شب بخیر. اسمت چیست؟ اسم من مریم است. ایستگاه کجاست؟ این چند است؟ می‌خواهم یک میز برای دو نفر رزرو کنم.
می‌توانی این مقاله را خلاصه کنی؟ یک شعر کوتاه درباره دریا بنویس. چرا آسمان آبی است؟ امروز خسته‌ام. خوبم، تو چطوری؟`,
  hin_Deva: `सुप्रभात! शुभ संध्या। नमस्कार दोस्तों। आपकी मदद के लिए बहुत धन्यवाद। कोई बात नहीं।
कृपया मुझे यह समझाइए। क्या आप इस वाक्य का अनुवाद कर सकते हैं? मुझे अपने होमवर्क में मदद चाहिए।
इस शब्द का क्या मतलब है? चावल कैसे बनाते हैं? मुझे एक चुटकुला सुनाओ। मुझे समझ नहीं आया। हाँ, सही है।
नहीं, यह गलत है। ठीक है, कल मिलते हैं। शुभ रात्रि। आपका नाम क्या है? मेरा नाम अनीता है। स्टेशन कहाँ है?
यह सब कितने का है? मैं दो लोगों के लिए एक टेबल बुक करना चाहता हूँ। क्या आप इस लेख का सारांश दे सकते हैं?
समुद्र पर एक छोटी कविता लिखो। आसमान नीला क्यों है? मैं आज थका हुआ हूँ। मैं ठीक हूँ, आप कैसे हैं?`,
  ind_Latn: `Selamat pagi! Selamat malam semuanya. Hai, gimana kabarnya? Terima kasih banyak atas bantuannya.
Sama-sama. Tidak apa-apa. Tolong jelaskan ini kepada saya. Bisakah kamu menerjemahkan kalimat ini?
Saya butuh bantuan untuk PR saya. Apa arti kata ini? Bagaimana cara memasak nasi? Ceritakan lelucon.
Saya tidak mengerti. Ya, benar. Tidak, itu salah. Oke, sampai jumpa besok. Selamat tidur. Siapa namamu?
Nama saya Ani. Di mana stasiunnya? Berapa harganya? Saya mau pesan meja untuk dua orang.
Bisakah kamu meringkas artikel ini? Tulis puisi pendek tentang laut. Kenapa langit berwarna biru? Saya capek hari ini.`,
  zsm_Latn: `Selamat pagi! Selamat petang semua. Hai, apa khabar? Terima kasih banyak atas bantuan awak.
Sama-sama. Tiada masalah. Tolong terangkan perkara ini kepada saya. Boleh awak terjemahkan ayat ini?
Saya perlukan bantuan untuk kerja rumah saya. Apakah maksud perkataan ini? Macam mana nak masak nasi?
Ceritakan satu jenaka. Saya tak faham. Ya, betul. Tidak, itu salah. Baiklah, jumpa esok. Selamat malam.
Siapa nama awak? Nama saya Aminah. Di mana stesen? Berapa harganya? Saya mahu tempah meja untuk dua orang.
Boleh awak ringkaskan artikel ini? Tulis sajak pendek tentang laut. Kenapa langit berwarna biru? Saya penat hari ini.`,
  swh_Latn: `Habari za asubuhi! Habari za jioni, ndugu zangu. Mambo vipi? Asante kwa msaada wako. Karibu.
Hakuna shida. Tafadhali nieleze hili. Unaweza kutafsiri sentensi hii? Nahitaji msaada na kazi yangu ya nyumbani.
Neno hili lina maana gani? Wali unapikwaje? Nisimulie kichekesho. Sielewi. Ndiyo, ni kweli. Hapana, si sahihi.
Sawa, tuonane kesho. Usiku mwema. Jina lako nani? Jina langu ni Amina. Kituo kiko wapi? Hii ni bei gani?
Nataka kuhifadhi meza kwa watu wawili. Unaweza kufupisha makala hii? Andika shairi fupi kuhusu bahari.
Kwa nini anga ni la buluu? Nimechoka leo. Mimi ni mzima, na wewe je?`,
  vie_Latn: `Chào buổi sáng! Chào buổi tối mọi người. Cảm ơn bạn rất nhiều vì đã giúp đỡ. Không có gì.
Không sao đâu. Làm ơn giải thích cho tôi điều này. Bạn có thể dịch câu này không? Tôi cần giúp làm bài tập về nhà.
Từ này nghĩa là gì? Nấu cơm như thế nào? Kể cho tôi một câu chuyện cười. Tôi không hiểu. Vâng, đúng rồi.
Không, sai rồi. Được rồi, hẹn gặp lại ngày mai. Chúc ngủ ngon. Bạn tên là gì? Tôi tên là Lan. Nhà ga ở đâu?
Cái này giá bao nhiêu? Tôi muốn đặt bàn cho hai người. Bạn có thể tóm tắt bài báo này không?
Viết một bài thơ ngắn về biển. Tại sao bầu trời màu xanh? Hôm nay tôi mệt. Tôi khỏe, còn bạn?`,
  tgl_Latn: `Magandang umaga! Magandang gabi sa inyong lahat. Kumusta ka na? Maraming salamat sa tulong mo.
Walang anuman. Walang problema. Pakipaliwanag mo ito sa akin. Kaya mo bang isalin ang pangungusap na ito?
Kailangan ko ng tulong sa takdang-aralin ko. Ano ang ibig sabihin ng salitang ito? Paano magluto ng kanin?
Magkuwento ka ng biro. Hindi ko maintindihan. Oo, tama. Hindi, mali iyan. Sige, bukas na lang.
Ano ang pangalan mo? Ako si Ana. Nasaan ang istasyon? Magkano ito? Gusto kong magpareserba ng mesa para sa dalawa.
Kaya mo bang ibuod ang artikulong ito? Sumulat ka ng maikling tula tungkol sa dagat. Bakit asul ang langit? Pagod ako ngayon.`,
  hau_Latn: `Barka da safiya! Barka da yamma. Sannu da zuwa. Na gode sosai da taimakonka. Babu komai.
Don Allah ka bayyana mini wannan. Za ka iya fassara wannan jumla? Ina bukatar taimako da aikin gida na.
Mece ce ma'anar wannan kalma? Yaya ake dafa shinkafa? Ban gane ba. Eh, haka ne. A'a, ba daidai ba ne.
To, sai gobe. Sai da safe. Yaya sunanka? Sunana Amina. Ina tashar mota take? Nawa ne wannan?
Rubuta gajeriyar waka game da teku. Me yasa sama take shudi? Na gaji yau. Lafiya lau, kai fa?`,
  yor_Latn: `Ẹ kú àárọ̀! Ẹ kú ìrọ̀lẹ́. Ẹ ṣé púpọ̀ fún ìrànlọ́wọ́ yín. Kò tọ́pẹ́. Kò sí wàhálà.
Jọ̀wọ́ ṣàlàyé èyí fún mi. Ṣé o lè túmọ̀ gbólóhùn yìí? Mo nílò ìrànlọ́wọ́ pẹ̀lú iṣẹ́ àṣetiléwá mi.
Kí ni ìtumọ̀ ọ̀rọ̀ yìí? Báwo ni a ṣe ń se ìrẹsì? Kò yé mi. Bẹ́ẹ̀ ni, ó tọ́. Rárá, kò tọ́. Ó dàbọ̀, ó di ọ̀la.
Ó dàárọ̀. Kí ni orúkọ rẹ? Orúkọ mi ni Adé. Níbo ni ibùdókọ̀ wà? Èló ni èyí? Mo ti rẹ̀ lónìí. Mo wà dáadáa.`,
  zul_Latn: `Sawubona! Sanibonani nonke. Ngiyabonga kakhulu ngosizo lwakho. Kulungile, akunankinga.
Ngicela ungichazele lokhu. Ungayihumusha le sentensi? Ngidinga usizo ngomsebenzi wami wesikole.
Leli gama lisho ukuthini? Ilayisi liphekwa kanjani? Angiqondi. Yebo, kulungile. Cha, akulungile.
Kulungile, sizobonana kusasa. Ulale kahle. Ubani igama lakho? Igama lami nginguThandi. Siphi isiteshi?
Lokhu kubiza malini? Ngikhathele namuhla. Ngiyaphila, wena unjani?`,
  amh_Ethi: `እንደምን አደርክ! እንደምን አመሸህ። ሰላም ለሁላችሁ። ስለረዳኸኝ በጣም አመሰግናለሁ። ምንም አይደለም።
እባክህ ይህንን አስረዳኝ። ይህን ዓረፍተ ነገር መተርጎም ትችላለህ? በቤት ሥራዬ እርዳታ እፈልጋለሁ። ይህ ቃል ምን ማለት ነው?
ሩዝ እንዴት ይበስላል? አልገባኝም። አዎ ትክክል ነው። አይ ስህተት ነው። እሺ ነገ እንገናኝ። ደህና እደር።
ስምህ ማን ነው? ስሜ አበበ ነው። ጣቢያው የት ነው? ይህ ስንት ነው? ዛሬ ደክሞኛል። ደህና ነኝ፣ አንተስ?`,
  som_Latn: `Subax wanaagsan! Galab wanaagsan dhammaantiin. Aad baad ugu mahadsan tahay caawimaaddaada. Waad mahadsan tahay.
Fadlan ii sharax tan. Ma turjumi kartaa jumladan? Waxaan u baahanahay caawimaad casharkayga guriga.
Erayganu maxay ka dhigan tahay? Sidee bariis loo kariyaa? Ma fahmin. Haa, waa sax. Maya, waa khalad.
Hagaag, berri ayaan kula kulmi doonaa. Habeen wanaagsan. Magacaa? Magacaygu waa Amina. Xagee saldhigu ku yaal?
Immisa ayay ku kacaysaa? Maanta waan daalanahay. Waan fiicnahay, adiguna?`,
  ces_Latn: `Dobré ráno! Dobrý večer všem. Ahoj, jak se máš? Moc děkuji za pomoc. Není zač. To nevadí.
Prosím, vysvětli mi to. Můžeš přeložit tuhle větu? Potřebuju pomoct s domácím úkolem. Co znamená tohle slovo?
Jak se vaří rýže? Řekni mi vtip. Nerozumím. Ano, přesně. Ne, to je špatně. Dobře, uvidíme se zítra. Dobrou noc.
Jak se jmenuješ? Jmenuji se Anna. Kde je nádraží? Kolik to stojí? Dnes jsem unavený. Mám se dobře, a ty?`,
  ron_Latn: `Bună dimineața! Bună seara tuturor. Salut, ce faci? Mulțumesc mult pentru ajutor. Cu plăcere.
Nicio problemă. Te rog, explică-mi asta. Poți să traduci această propoziție? Am nevoie de ajutor la teme.
Ce înseamnă acest cuvânt? Cum se gătește orezul? Spune-mi o glumă. Nu înțeleg. Da, exact. Nu, e greșit.
Bine, ne vedem mâine. Noapte bună. Cum te cheamă? Mă numesc Ana. Unde este gara? Cât costă? Sunt obosit azi.`,
  hun_Latn: `Jó reggelt! Jó estét mindenkinek. Szia, hogy vagy? Nagyon köszönöm a segítséget. Szívesen.
Semmi gond. Kérlek, magyarázd el ezt nekem. Le tudod fordítani ezt a mondatot? Segítség kell a házi feladatomhoz.
Mit jelent ez a szó? Hogyan kell rizst főzni? Mondj egy viccet. Nem értem. Igen, pontosan. Nem, ez rossz.
Rendben, holnap találkozunk. Jó éjszakát. Hogy hívnak? Annának hívnak. Hol van az állomás? Mennyibe kerül?`,
  swe_Latn: `God morgon! God kväll allihop. Hej, hur är läget? Tack så mycket för hjälpen. Varsågod. Inga problem.
Kan du förklara det här för mig? Kan du översätta den här meningen? Jag behöver hjälp med läxan.
Vad betyder det här ordet? Hur kokar man ris? Berätta ett skämt. Jag förstår inte. Ja, precis. Nej, det är fel.
Okej, vi ses i morgon. God natt. Vad heter du? Jag heter Anna. Var ligger stationen? Hur mycket kostar det?`,
  fin_Latn: `Hyvää huomenta! Hyvää iltaa kaikille. Moi, mitä kuuluu? Kiitos paljon avusta. Ole hyvä. Ei hätää.
Selitä tämä minulle, kiitos. Voitko kääntää tämän lauseen? Tarvitsen apua läksyjen kanssa.
Mitä tämä sana tarkoittaa? Miten riisiä keitetään? Kerro vitsi. En ymmärrä. Kyllä, juuri niin. Ei, se on väärin.
Selvä, nähdään huomenna. Hyvää yötä. Mikä sinun nimesi on? Nimeni on Anna. Missä asema on? Paljonko se maksaa?`,
  dan_Latn: `Godmorgen! Godaften allesammen. Hej, hvordan går det? Mange tak for hjælpen. Selv tak. Det er helt i orden.
Vil du forklare mig det her? Kan du oversætte denne sætning? Jeg har brug for hjælp til mine lektier.
Hvad betyder det her ord? Hvordan koger man ris? Fortæl mig en vittighed. Jeg forstår det ikke. Ja, præcis.
Nej, det er forkert. Okay, vi ses i morgen. Godnat. Hvad hedder du? Jeg hedder Anne. Hvor er stationen?`,
  nob_Latn: `God morgen! God kveld alle sammen. Hei, hvordan går det? Tusen takk for hjelpen. Bare hyggelig.
Kan du forklare meg dette? Kan du oversette denne setningen? Jeg trenger hjelp med leksene mine.
Hva betyr dette ordet? Hvordan koker man ris? Fortell meg en vits. Jeg forstår ikke. Ja, akkurat.
Nei, det er feil. Ok, vi ses i morgen. God natt. Hva heter du? Jeg heter Kari. Hvor er stasjonen?`,
  cat_Latn: `Bon dia! Bona tarda a tothom. Hola, com va? Moltes gràcies per l'ajuda. De res. Cap problema.
Si us plau, explica-m'ho. Pots traduir aquesta frase? Necessito ajuda amb els deures. Què vol dir aquesta paraula?
Com es cuina l'arròs? Explica'm un acudit. No ho entenc. Sí, exacte. No, això està malament. D'acord, fins demà.
Bona nit a tothom. Com et dius? Em dic Anna. On és l'estació? Quant costa? Avui estic cansat.`,
};
