/**
 * Telling Simplified from Traditional Chinese, and Cantonese from Mandarin, by characters that only
 * one of them uses. Frequent characters suffice: any real sentence holds several of them.
 */

// Aligned pairs: the n-th simplified character is written as the n-th traditional one.
const SIMPLIFIED =
  '这个们为说国会时来对发经过还没见长开关门问间让认话请读写买卖东车马鸟鱼龙书学习听爱业两乐义产亲从众优传体儿党兴军农决况几击则刚创别动务劳华单历压县参双变号吗员图圆场坏块声处备复头夺奋妈孙实宝审宪宽导将岁岛币师带帮应广庆库废异张强归当录总惊战执扩扫护报拥择挥换据无旧显晓术机杀权条极构标树样桥检欢气汉沟济浅测满湾灭灯点热爷状独猎环现电画疗监盖码础礼种积称穷竞笔简类粮紧红约级纪纯纸线组织终结给统继续维综网罗罚职联肃胜脑脸节艺苏药获虽虾补装观规视览觉计订讨训议讯记讲许论设证评识诉词译试诗诚该详语误调谁课谈谢贝负财责败货质购贵费资赛赵趋跃轮软转轻载较辆边达迁运进远连选递邮邻酱释钱铁银铺链销锁错键镇闭闻阅队阳阴阶际陆险随隐难雾静页顶项顺须顾顿预领频题颜风飞饭馆驾验鲜鸡黄齐龄与专丝严丢乡乱争亚价伤万后愿于';
const TRADITIONAL =
  '這個們為說國會時來對發經過還沒見長開關門問間讓認話請讀寫買賣東車馬鳥魚龍書學習聽愛業兩樂義產親從眾優傳體兒黨興軍農決況幾擊則剛創別動務勞華單歷壓縣參雙變號嗎員圖圓場壞塊聲處備復頭奪奮媽孫實寶審憲寬導將歲島幣師帶幫應廣慶庫廢異張強歸當錄總驚戰執擴掃護報擁擇揮換據無舊顯曉術機殺權條極構標樹樣橋檢歡氣漢溝濟淺測滿灣滅燈點熱爺狀獨獵環現電畫療監蓋碼礎禮種積稱窮競筆簡類糧緊紅約級紀純紙線組織終結給統繼續維綜網羅罰職聯肅勝腦臉節藝蘇藥獲雖蝦補裝觀規視覽覺計訂討訓議訊記講許論設證評識訴詞譯試詩誠該詳語誤調誰課談謝貝負財責敗貨質購貴費資賽趙趨躍輪軟轉輕載較輛邊達遷運進遠連選遞郵鄰醬釋錢鐵銀鋪鏈銷鎖錯鍵鎮閉聞閱隊陽陰階際陸險隨隱難霧靜頁頂項順須顧頓預領頻題顏風飛飯館駕驗鮮雞黃齊齡與專絲嚴丟鄉亂爭亞價傷萬後願於';

const SIMPLIFIED_ONLY = new Set(SIMPLIFIED);
const TRADITIONAL_ONLY = new Set(TRADITIONAL);

/** Characters of written Cantonese that Mandarin does not use (particles, pronouns, negation). */
const CANTONESE = new Set('嘅咗唔喺佢哋冇嘢啲嚟睇噉咩嗰攞諗咁畀啱搵');

/** Cantonese words written with characters Mandarin also uses ("now", "why", "where", "tomorrow", "like"). */
// Both spellings: written Cantonese is sometimes Simplified.
const CANTONESE_WORDS = [
  ...['而家', '點解', '點樣', '邊度', '邊個', '聽日', '琴日', '鍾意', '幾多', '乜嘢'],
  ...['点解', '点样', '边度', '边个', '听日', '钟意', '几多'],
];

const RELATION_PREFIXES = new Set('關联聯维維');

export interface HanVariantCounts {
  simplified: number;
  traditional: number;
  cantonese: number;
}

export function countHanVariants(text: string): HanVariantCounts {
  let simplified = 0;
  let traditional = 0;
  let cantonese = 0;
  let previous = '';
  for (const char of text) {
    if (SIMPLIFIED_ONLY.has(char)) simplified++;
    else if (TRADITIONAL_ONLY.has(char)) traditional++;
    // 係 is Cantonese "to be", but also the second half of Mandarin 關係/联系 ("relation").
    if (CANTONESE.has(char) || (char === '係' && !RELATION_PREFIXES.has(previous))) cantonese++;
    previous = char;
  }
  for (const word of CANTONESE_WORDS) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) cantonese++;
  }
  return { simplified, traditional, cantonese };
}

/** Exposed for the tests that keep the two tables aligned. */
export const HAN_PAIR_TABLES = { simplified: SIMPLIFIED, traditional: TRADITIONAL };
