/**
 * Short everyday messages, written for this project (MIT, like the code): greetings, thanks,
 * goodbyes and the first questions people type to a translator or a chat assistant, for the most
 * spoken catalogue languages that the model decides (everyday-phrases.ts has longer requests for
 * some of them) and for their close neighbours, so that neither side knows the register and the
 * other does not. Training text only: data/everyday-dev.tsv and data/everyday-test.tsv hold other
 * sentences (detection/everyday-data.test.ts checks that none of theirs is here).
 */
export const EVERYDAY_GREETINGS: Readonly<Record<string, string>> = {
  eng_Latn: `Hello! Hello everyone. Hi! Hey, how are you? How are you doing? I'm fine, thanks. Thanks!
Thank you very much. Thanks, see you soon. Bye! Goodbye. Take care. Good luck! Have a nice day.
Sorry. Excuse me. Please help me. Where are you? What are you doing? I miss you. Love you.
Congratulations! Welcome! Happy new year! What do you mean? Are you there? Yes please. No thanks.`,
  spa_Latn: `¡Hola, chicos! Hola, ¿qué tal? ¿Qué pasa? Gracias. ¡Muchas gracias! Gracias, igualmente. Adiós.
Nos vemos. Chao. Hasta mañana. Buen día. Perdón. Lo siento. Disculpa. ¿Dónde estás? Te extraño.
¡Felicidades! ¡Bienvenido! ¡Feliz año nuevo! ¿Estás ahí? Sí, por favor. No, gracias. Vale.`,
  fra_Latn: `Salut, ça va ? Ça va bien, merci. Merci, toi ! Merci beaucoup. Bonne journée ! Au revoir. À plus !
À demain. Pardon. Désolé. Excuse-moi. Tu es où ? Qu'est-ce que tu fais ? Tu me manques. Bisous.
Félicitations ! Bienvenue ! Bonne année ! Tu es là ? Oui, s'il te plaît. Non merci. Bonne soirée.`,
  deu_Latn: `Hallo zusammen! Hi, wie geht's dir? Danke dir! Danke, gut. Vielen Dank! Tschüss! Auf Wiedersehen.
Bis morgen. Bis bald. Entschuldigung. Tut mir leid. Wo bist du? Was machst du? Ich vermisse dich.
Herzlichen Glückwunsch! Willkommen! Frohes neues Jahr! Bist du da? Ja, bitte. Nein, danke. Guten Morgen!`,
  por_Latn: `Olá, pessoal! Oi! Olá, como vai? Tudo bem? Tudo bem, e você? Obrigado! Obrigada pela ajuda. Valeu!
Tchau! Adeus. Até mais. Até amanhã. Desculpa. Com licença. Onde você está? O que você está fazendo?
Estou com saudade. Parabéns! Bem-vindo! Feliz ano novo! Você está aí? Sim, por favor. Não, obrigado.`,
  ita_Latn: `Ciao a tutti! Ciao, tutto bene? Come va? Tutto bene, grazie. Grazie, amico! Grazie tante. Arrivederci!
Ci vediamo. A domani. Scusa. Mi dispiace. Dove sei? Cosa fai? Mi manchi. Auguri! Benvenuto!
Buon anno! Ci sei? Sì, grazie. No, grazie. Buona giornata! Buonasera. Salve a tutti.`,
  nld_Latn: `Hoi! Hallo allemaal! Hoe is het met je? Goed, dank je. Bedankt, vriend! Dank u wel. Doei! Dag! Tot ziens.
Tot morgen. Sorry. Het spijt me. Waar ben je? Wat doe je? Ik mis je. Gefeliciteerd met je verjaardag!
Welkom! Gelukkig nieuwjaar! Ben je er? Ja, graag. Nee, dank je. Fijne dag! Goedemorgen!`,
  rus_Cyrl: `Привет, друзья! Привет, как ты? Как у тебя дела? Всё хорошо, спасибо. Спасибо, друг! Спасибо огромное.
Пока! До свидания. До завтра. Увидимся. Извините. Простите. Где ты? Что делаешь? Я скучаю по тебе.
Поздравляю! Добро пожаловать! С Новым годом! Ты тут? Да, пожалуйста. Нет, спасибо. Добрый день!`,
  ukr_Cyrl: `Привіт усім! Привіт, як ти? Як у тебе справи? Все добре, дякую. Дякую, друже! Щиро дякую. Бувай!
До зустрічі. До завтра. Вибач. Перепрошую. Де ти? Що робиш? Я сумую за тобою. Вітаю!
Ласкаво просимо! З Новим роком! Ти тут? Так, будь ласка. Ні, дякую. Доброго дня!`,
  pol_Latn: `Cześć wszystkim! Hej, co u ciebie? Jak się masz? Dobrze, dziękuję. Dzięki, stary! Dziękuję! Pa pa!
Do widzenia. Do jutra. Przepraszam. Gdzie jesteś? Co robisz? Tęsknię za tobą. Gratulacje!
Witamy! Szczęśliwego Nowego Roku! Jesteś tam? Tak, proszę. Nie, dziękuję. Miłego dnia!`,
  tur_Latn: `Merhaba arkadaşlar! Selam millet! Nasılsınız? İyiyim, teşekkürler. Sağ ol! Çok sağ olun. Hoşça kal!
Güle güle. Yarın görüşürüz. Kusura bakma. Özür dilerim. Neredesin? Ne yapıyorsun? Seni özledim.
Tebrikler! Hoş geldiniz! Mutlu yıllar! Orada mısın? Evet, lütfen. Hayır, teşekkürler. İyi günler!`,
  ron_Latn: `Bună, dragă! Bună ziua tuturor! Ce faci? Sunt bine, mersi. Mulțumesc! Mersi mult. Pa! Pe curând!
Ne vedem mâine. Scuze. Îmi pare rău. Unde ești? Ce faci acum? Mi-e dor de tine. Felicitări!
Bine ai venit! La mulți ani și un an nou fericit! Ești acolo? Da, te rog. Nu, mulțumesc. O zi bună!`,
  ind_Latn: `Halo! Hai semua! Apa kabar? Kabar baik, terima kasih. Makasih! Terima kasih ya. Dadah!
Sampai jumpa. Sampai besok. Maaf. Permisi. Kamu di mana? Lagi ngapain? Aku kangen kamu. Selamat ya!
Selamat datang! Selamat tahun baru! Kamu masih di sana? Iya, tolong. Tidak, terima kasih. Selamat pagi!`,
  zsm_Latn: `Helo! Hai semua! Apa khabar awak? Khabar baik, terima kasih. Terima kasih! Jumpa lagi!
Selamat tinggal. Jumpa esok. Maaf. Minta maaf. Awak di mana? Awak buat apa? Saya rindu awak.
Tahniah! Selamat datang! Selamat tahun baru! Awak masih ada? Ya, boleh. Tak apa, terima kasih. Selamat petang!`,
  swh_Latn: `Habari! Habari yako? Nzuri, asante. Salama tu. Asante, mama! Asante sana. Kwaheri! Kwa heri ya kuonana.
Tutaonana kesho. Samahani. Pole. Uko wapi? Unafanya nini? Nakukumbuka sana. Hongera!
Karibu sana! Heri ya mwaka mpya! Upo? Ndiyo, tafadhali. Hapana, asante. Siku njema! Habari za leo?`,
  vie_Latn: `Xin chào các bạn! Chào anh! Chào chị! Bạn có khỏe không? Tôi khỏe, cảm ơn. Cảm ơn bạn! Tạm biệt nhé!
Hẹn gặp lại sau. Xin lỗi. Bạn đang ở đâu? Bạn đang làm gì? Em nhớ anh. Chúc mừng! Chào mừng!
Chúc mừng năm mới! Bạn còn đó không? Vâng, làm ơn. Không, cảm ơn. Chúc một ngày tốt lành!`,
  tgl_Latn: `Kumusta, pare! Kumusta kayo? Mabuti naman, salamat. Salamat, kaibigan! Maraming salamat po. Paalam na!
Ingat! Kita tayo bukas. Pasensya na. Sorry po. Nasaan ka? Ano ang ginagawa mo? Miss na kita.
Binabati kita! Maligayang pagdating! Manigong Bagong Taon! Nandiyan ka pa? Oo, pakiusap. Hindi, salamat.`,
  ceb_Latn: `Maayong adlaw! Kumusta ka, Day? Maayo man, salamat. Salamat, Day! Salamat kaayo sa imong tabang. Babay!
Magkita ta ugma. Pasayloa ko. Asa ka? Unsa imong gibuhat? Gimingaw ko nimo. Pahalipay!
Maayong pag-abot! Malipayong Bag-ong Tuig! Naa pa ka? Oo, palihug. Dili, salamat. Unsa may imong pangalan?`,
  jav_Latn: `Sugeng rawuh! Kepiye kabare? Apik, matur nuwun. Suwun ya! Matur suwun sanget, Mas. Nyuwun sewu.
Sampun. Kowe lagi ngapa? Aku kangen kowe. Sampeyan saka ngendi? Aku ora ngerti babar pisan. Ayo mangan!
Sugeng siang. Sugeng sonten. Sugeng ambal warsa! Iya, ora apa-apa. Aku arep mulih. Wis mangan durung?`,
  sun_Latn: `Sampurasun! Kumaha, damang, Kang? Damang, hatur nuhun. Nuhun! Hampura. Punten, abdi badé naros.
Nuju naon? Di mana ayeuna? Sono ka anjeun. Wilujeng tepang taun! Wilujeng siang. Wilujeng sonten.
Muhun, mangga. Henteu, hatur nuhun. Abdi teu ngartos. Hayu urang tuang! Tos tuang teu acan?`,
  hau_Latn: `Sannu, abokina! Sannu da aiki. Ina kwana, malam? Lafiya. Ina gajiya? Babu gajiya. Na gode, malam! Mun gode sosai.
Sai an jima. Sai wani lokaci. Yi hakuri. Kana ina? Me kake yi? Ina kewar ka. Barka da sallah!
Barka da zuwa! Barka da sabuwar shekara! Eh, don Allah. A'a, na gode. Ya kake? Ya gida?`,
  yor_Latn: `Bawo ni? Ṣé àlàáfíà ni? Àlàáfíà ni, ẹ ṣé. O ṣeun! Ẹ ṣeun púpọ̀. Ó dàbọ̀! Ó dìgbà kan.
Ẹ kú iṣẹ́. Ẹ kú ọ̀sán. Ẹ kú alẹ́ o. Ẹ má bínú. Níbo lo wà? Kí lò ń ṣe? Àárò rẹ ń sọ mí.
Ẹ kú oríire! Ẹ káàbọ̀! Ẹ kú ọdún tuntun! Bẹ́ẹ̀ ni, jọ̀wọ́. Rárá, ẹ ṣé. E kaaro. E kaasan. Mo dupe.`,
  ibo_Latn: `Ndewo! Kedu, nwanne m? Ọ dị mma, daalụ. Daalụ nke ukwuu, nna! Ka emesịa. Ka ọ dị echi. Ndo. Biko.
Ebee ka ị nọ? Gịnị ka ị na-eme? Agụụ gị na-agụ m. Ekele! Nnọọ! Ezi afọ ọhụrụ! Ee, biko.
Mba, daalụ. Ụtụtụ ọma, nne! Ehihie ọma. Mgbede ọma. Ka chi bọọ. Aha m bụ Ada. Kedu aha gị?`,
  gaz_Latn: `Akkam, obboleessa! Akkam jirtu? Nagaa, galatoomi. Galatoomaa hundaa! Baay'ee galatoomi. Nagaatti deebi'i! Boruu wal argina.
Dhiifama. Eessa jirta? Maal gochaa jirta? Si yaadeera. Baga gammadde! Baga nagaan dhuftan!
Baga ganna haaraan isin gahe! Eeyyee, maaloo. Lakki, galatoomi. Akkam bulte? Akkam oolte? Nagaa dha.`,
  som_Latn: `Salaan! Iska warran, saaxiib? Waan fiicnahay, mahadsanid. Mahadsanid, saaxiib! Aad iyo aad u mahadsanid. Nabadeey!
Berri ayaan is arki doonaa. Raali ahow. Halkee joogtaa? Maxaad samaynaysaa? Waan ku xiisay.
Hambalyo! Soo dhawoow! Sannad cusub oo wanaagsan! Haa, fadlan. Maya, mahadsanid. Ma nabad baa?`,
  plt_Latn: `Manao ahoana tompoko! Salama tompoko! Manao ahoana ianao? Tsara fa misaotra. Misaotra! Misaotra indrindra.
Veloma ry namana! Mandra-pihaona rahampitso. Azafady. Aiza ianao? Inona no ataonao? Malahelo anao aho.
Arahaba! Tonga soa! Arahaba tratry ny taona vaovao! Eny, azafady. Tsia, misaotra. Salama tsara.`,
  nya_Latn: `Moni nonse! Muli bwanji, abambo? Ndili bwino, zikomo. Zikomo, amayi! Zikomo kwambiri, abale. Pitani bwino! Tionana mawa.
Pepani. Muli kuti? Mukuchita chiyani? Ndakusowa. Ndikuthokoza! Takulandirani! Chaka chabwino!
Inde, chonde. Ayi, zikomo. Mwagona bwanji? Mwaswera bwanji? Dzina lanu ndani? Dzina langa ndi Chisomo.`,
  uzn_Latn: `Salom do'stlar! Assalomu alaykum, ustoz! Qalaysan? Yaxshi, rahmat. Rahmat! Katta rahmat sizga. Xayr, do'stim! Ko'rishguncha!
Ertaga ko'rishamiz. Kechirasiz. Qayerdasan? Nima qilyapsan? Seni sog'indim. Tabriklayman!
Xush kelibsiz! Yangi yilingiz bilan! Ha, iltimos. Yo'q, rahmat. Xayrli kun! Xayrli tong! Ismingiz nima?`,
  afr_Latn: `Hallo daar! Haai! Hoe gaan dit met jou? Goed dankie. Dankie, my vriend! Baie dankie vir jou hulp. Totsiens!
Sien jou môre. Jammer. Verskoon my. Waar is jy? Wat doen jy? Ek mis jou. Baie geluk! Welkom!
Gelukkige nuwejaar! Is jy daar? Ja, asseblief. Nee, dankie. Lekker dag! Goeienaand. Ek is lief vir jou.`,
  zul_Latn: `Sawubona! Sanibona! Unjani, mngane? Ngiyaphila, ngiyabonga. Ngiyabonga, mngane! Hamba kahle! Sala kahle, mngane!
Sizobonana kusasa. Uxolo. Ukuphi? Wenzani? Ngiyakukhumbula. Halala! Siyakwamukela!
Unyaka omusha omuhle! Yebo, ngiyacela. Cha, ngiyabonga. Ngiyakuthanda kakhulu. Ulale kahle.`,
  xho_Latn: `Molo, mhlobo! Molweni! Unjani, mhlobo? Ndiphilile, enkosi. Enkosi, mhlobo! Enkosi kakhulu. Hamba kakuhle, mhlobo! Sala kakuhle!
Sobonana ngomso. Uxolo. Uphi? Wenza ntoni? Ndiyakukhumbula. Siyavuyisana nawe! Wamkelekile!
Unyaka omtsha omnandi! Ewe, nceda. Hayi, enkosi. Ndiyakuthanda kakhulu. Lala kakuhle. Ndingakunceda?`,
  hat_Latn: `Bonjou! Bonswa tout moun! Kijan ou ye? Mwen byen, mèsi. Mèsi, zanmi! Mèsi anpil pou èd ou. Orevwa!
N a wè demen. Eskize m. Padon. Kote ou ye? Kisa w ap fè? Ou manke m. Konpliman! Byenveni!
Bòn ane! Èske ou la? Wi, tanpri. Non, mèsi. Sak pase? N ap boule. Mwen renmen w anpil.`,
  kea_Latn: `Ola! Bon dia! Boa tardi! Boa noti! Modi ki bu sta, mininu? N sta dretu, obrigadu. Obrigadu, nha amigu! Txau!
Ti manhan. Diskulpa. Undi ki bu sta? Kuze ki bu sta faze? N sta ku sodadi di bo. Parabens!
Ben-bindu! Bon anu novu! Sin, pur favor. Nau, obrigadu. N gosta di bo. Kumo ki bu txoma?`,
  glg_Latn: `Ola! Bos días a todos! Boas tardes! Boas noites a todos! Que tal? Ben, grazas. Grazas, amigo! Moitas grazas pola axuda.
Adeus! Ata mañá. Ata logo, rapaces! Desculpa. Perdoa. Onde estás? Que fas? Bótote de menos. Parabéns!
Benvido! Feliz aninovo! Estás aí? Si, por favor. Non, grazas. Quérote. Como te chamas?`,
  ast_Latn: `Hola, xente! Bonos díes a toos! Bones tardes! Bones nueches a toos! ¿Qué tal tas güei? Toi bien, gracies. ¡Gracies, amigu!
¡Munches gracies! Hasta mañana. Hasta llueu, xente! Perdón. ¿Ónde tas? ¿Qué faes? Fáesme señardá.
¡Norabona! ¡Bienveníu! ¡Feliz añu nuevu! ¿Tas ehí? Sí, por favor. Non, gracies. ¿Cómo te llames?`,
  cat_Latn: `Hola a tots! Què tal, tot bé? Com estàs, amic? Bé, gràcies. Gràcies, amic! Moltes mercès. Adéu, fins després! Fins aviat!
Fins demà. Perdona. Ho sento. On ets? Què fas? Et trobo a faltar. Felicitats! Benvingut!
Bon any nou! Hi ets? Sí, si us plau. No, gràcies. T'estimo molt. Bon vespre.`,
  mkd_Cyrl: `Здраво, другар! Здраво на сите! Како си, другар? Добро сум, благодарам. Фала! Благодарам многу. Чао! Пријатно!
Се гледаме утре. Извини. Каде си? Што правиш? Ми недостигаш. Честитки! Добредојдовте!
Среќна Нова година! Тука ли си? Да, те молам. Не, благодарам. Добро утро, мамо! Добар ден! Те сакам многу.`,
  bul_Cyrl: `Здравей, приятелю! Здравейте! Как си, приятелю? Добре съм, благодаря. Мерси много! Благодаря ти много. Чао! Довиждане!
До утре. Извинявай. Къде си? Какво правиш? Липсваш ми. Честито! Добре дошли!
Честита Нова година! Там ли си? Да, моля. Не, благодаря. Добро утро, мамо! Добър вечер! Обичам те много.`,
  srp_Cyrl: `Здраво, другари! Ћао! Како си, брате? Добро сам, хвала. Хвала, брате! Хвала ти пуно. Довиђења! Видимо се сутра.
Извини. Опрости. Где си? Шта радиш? Недостајеш ми. Честитам! Добродошли! Срећна Нова година!
Јеси ли ту? Да, молим. Не, хвала. Добар дан! Добро вече! Волим те много. Како се зовеш?`,
  bel_Cyrl: `Прывітанне, сябры! Вітаю! Як ты? Добра, дзякуй. Дзякуй, сябар! Вялікі дзякуй табе. Да пабачэння! Бывай!
Да заўтра. Прабач. Выбачайце. Дзе ты? Што робіш? Я сумую па табе. Віншую! Сардэчна запрашаем!
З Новым годам! Ты тут? Так, калі ласка. Не, дзякуй. Добры вечар! Добрай раніцы! Я цябе кахаю.`,
  urd_Arab: `السلام علیکم دوستو! وعلیکم السلام۔ کیا حال ہے؟ میں ٹھیک ہوں، شکریہ۔ شکریہ بھائی! بہت بہت شکریہ۔ اللہ حافظ!
کل ملتے ہیں۔ معاف کیجیے۔ آپ کہاں ہیں؟ کیا کر رہے ہو؟ مجھے تمہاری یاد آتی ہے۔ مبارک ہو!
خوش آمدید! نیا سال مبارک! جی ہاں، مہربانی۔ نہیں، شکریہ۔ صبح بخیر! آپ کا نام کیا ہے؟ میرا نام علی ہے۔`,
  pbt_Arab: `سلام! السلام علیکم ورور! څنګه یاست؟ ښه یم، مننه. مننه ورور! ډېره ډېره مننه. خدای پامان!
سبا سره وینو. بښنه غواړم. چیرته یې؟ څه کوې؟ زه دې یادوم. مبارک دې شه! ښه راغلاست!
نوی کال مو مبارک! هو، مهرباني وکړه. نه، مننه. سهار مو پخیر! ستا نوم څه دی؟ زما نوم احمد دی.`,
  snd_Arab: `السلام عليڪم ادا! ڪيئن آهيو؟ مان ٺيڪ آهيان، مهرباني. مهرباني ادا! توهان جي وڏي مهرباني. خدا حافظ!
سڀاڻي ملنداسين. معاف ڪجو. توهان ڪٿي آهيو؟ ڇا پيا ڪريو؟ مون کي توهان جي ياد اچي ٿي. مبارڪ هجي!
ڀلي ڪري آيا سائين! نئون سال مبارڪ! ها، مهرباني ڪري. نه، مهرباني. صبح بخير! توهان جو نالو ڇا آهي سائين؟`,
  prs_Arab: `سلام! سلام علیکم! چطور استی؟ خوب استم، تشکر. تشکر برادر! تشکر زیاد از شما. خدا حافظ! به امان خدا، دوستان!
فردا می‌بینمت. ببخشید. کجا استی؟ چه کار می‌کنی؟ دلم برایت تنگ شده. مبارک باشه! خوش آمدید!
سال نو مبارک! بلی، لطفاً. نی، تشکر. صبح بخیر! نامت چیست؟ نام من احمد است. مانده نباشید.`,
  pes_Arab: `سلام! سلام به همه! خوبی؟ چطوری؟ خوبم، مرسی. مرسی عزیزم! خیلی ممنون. ممنونم دوست من. خداحافظ دوستان! فعلا!
فردا می‌بینمت. ببخشید. کجایی؟ چی کار می‌کنی؟ دلم برات تنگ شده. تبریک میگم! خوش اومدی!
سال نو مبارک! آره، لطفا. نه، مرسی. اسمت چیه؟ اسم من سارا است. روز خوبی داشته باشی!`,
  ben_Beng: `নমস্কার দাদা! হ্যালো! আসসালামু আলাইকুম! কেমন আছো? ভালো আছি, ধন্যবাদ। ধন্যবাদ বন্ধু! অনেক অনেক ধন্যবাদ।
আবার দেখা হবে বন্ধু। কাল দেখা হবে। দুঃখিত। মাফ করবেন। তুমি কোথায়? কী করছ? তোমাকে মনে পড়ছে।
অভিনন্দন! স্বাগতম! শুভ নববর্ষ! হ্যাঁ, দয়া করে। না, ধন্যবাদ। সুপ্রভাত! তোমার নাম কী? আমার নাম রিনা।`,
  hin_Deva: `नमस्ते जी! नमस्कार भाई! क्या हाल चाल? मैं ठीक हूँ, धन्यवाद। शुक्रिया! बहुत बहुत धन्यवाद। अलविदा!
फिर मिलते हैं। कल मिलेंगे। माफ़ कीजिए। तुम कहाँ हो? क्या कर रहे हो? मुझे तुम्हारी याद आती है।
बधाई हो! स्वागत है! नया साल मुबारक! हाँ, ज़रूर। नहीं, धन्यवाद। सुप्रभात! आपका नाम क्या है? मेरा नाम राहुल है।`,
  mar_Deva: `नमस्कार मंडळी! नमस्ते ताई! कसे आहात? मी बरा आहे, धन्यवाद. आभारी आहे! खूप खूप धन्यवाद. पुन्हा भेटूया!
उद्या भेटू. माफ करा. तू कुठे आहेस? काय करतोयस? मला तुझी आठवण येते. अभिनंदन! स्वागत आहे!
नवीन वर्षाच्या शुभेच्छा! हो, नक्की. नाही, धन्यवाद. शुभ रात्री! तुमचं नाव काय आहे? माझं नाव राहुल आहे.`,
  npi_Deva: `नमस्ते दाइ! नमस्कार साथी! तपाईं कस्तो हुनुहुन्छ? म ठीक छु, धन्यवाद। धन्यवाद हजुर! धेरै धेरै धन्यवाद। फेरि भेटौंला है!
भोलि भेटौंला। माफ गर्नुहोस्। तिमी कहाँ छौ? के गर्दैछौ? मलाई तिम्रो याद आयो। बधाई छ! स्वागत छ!
नयाँ वर्षको शुभकामना! हजुर, हुन्छ। होइन, धन्यवाद। शुभ रात्री! तपाईंको नाम के हो? मेरो नाम सीता हो।`,
  bho_Deva: `प्रणाम! राम राम! का हाल बा भइया? हम ठीक बानी, धन्यवाद। बहुत धन्यवाद! फेर मिलल जाई। काल्ह भेंट होई।
माफ करीं। तू कहाँ बाड़? का करत बाड़? तोहार याद आवत बा। बधाई हो! रउआ के स्वागत बा!
नया साल के शुभकामना! हँ, जरूर। ना, धन्यवाद। रउआ के नाम का ह? हमार नाम राजू ह। खाना खइलू?`,
  mai_Deva: `प्रणाम! अहाँ केहन छी? हम नीक छी, धन्यवाद। बहुत धन्यवाद! फेर भेंट होएत बाउ। काल्हि भेंट होएत।
माफ करू। अहाँ एखन कतय छी? की करैत छी? अहाँक याद अबैत अछि। बधाई हो! अहाँक स्वागत अछि!
नव वर्षक शुभकामना! हँ, जरूर। नहि, धन्यवाद। अहाँक शुभ नाम की अछि? हमर नाम सीता अछि। खाना खेलहुँ?`,
  mya_Mymr: `မင်္ဂလာပါ ခင်ဗျာ! နေကောင်းလား သူငယ်ချင်း? နေကောင်းပါတယ်၊ ကျေးဇူးပါ။ ကျေးဇူးတင်ပါတယ်! ကျေးဇူးအများကြီးတင်ပါတယ်။
တာ့တာ! နောက်မှတွေ့မယ်။ မနက်ဖြန်တွေ့မယ်။ တောင်းပန်ပါတယ်။ ဘယ်မှာလဲ? ဘာလုပ်နေလဲ? သတိရတယ်။
ဂုဏ်ယူပါတယ်! ကြိုဆိုပါတယ်! ပျော်ရွှင်ဖွယ်နှစ်သစ်ဖြစ်ပါစေ! ဟုတ်ကဲ့။ မလိုပါဘူး၊ ကျေးဇူးပါ။ နာမည်ဘယ်လိုခေါ်လဲ?`,
  ara_Arab: `مرحبا! أهلا بك! السلام عليكم ورحمة الله! كيف حالك؟ بخير، شكرا. شكرا! شكرا جزيلا لك. وداعا! إلى اللقاء!
أراك لاحقا. آسف. عذرا. أين أنت؟ ماذا تفعل؟ اشتقت إليك. مبروك! أهلا وسهلا! كل عام وأنتم بخير!
نعم، من فضلك. لا، شكرا. صباح النور. مساء النور. ما اسمك؟ اسمي أحمد. الحمد لله.`,
};
