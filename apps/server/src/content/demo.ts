/**
 * Demo content for a development start (production seeds none): a banner, a welcome notice that home
 * shows once as its popup, two news articles, and the FAQ, about, contact and compliance pages, each in
 * all eight languages, marked demo and saying so in its text. A second call adds nothing, and a page an
 * operator has written is never replaced.
 */
import { LANGS, type ContentPageKey, type Lang } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { demoItemCount, insertItem, lockPage, replaceVersions, updateItem, writtenPageKeys } from './repository.ts';
import { sanitizeContent } from './sanitize.ts';

type Text = { title: string; content: string };
/** One text per language the app speaks: demo content reads in the reader's own language. */
type Versions = Record<Lang, Text>;

const DEMO_NOTE: Record<Lang, string> = {
  en: '<p><em>Demo content of a development start.</em></p>',
  zh: '<p><em>开发环境的演示内容。</em></p>',
  hk: '<p><em>開發環境的示範內容。</em></p>',
  th: '<p><em>เนื้อหาสาธิตของการเริ่มระบบในโหมดพัฒนา</em></p>',
  jp: '<p><em>開発環境の起動時に作成されたデモコンテンツです。</em></p>',
  kor: '<p><em>개발 환경 시작 시 만들어진 데모 콘텐츠입니다.</em></p>',
  fra: '<p><em>Contenu de démonstration d’un démarrage de développement.</em></p>',
  spa: '<p><em>Contenido de demostración de un arranque de desarrollo.</em></p>',
};

const BANNER: Versions = {
  en: {
    title: 'Trade fairly: every price follows the public feed',
    content: '<h2>Fair by construction</h2><p>Orders meet real orders, options settle on the recorded index tick, and every figure you see is computed from real rows.</p>',
  },
  zh: {
    title: '公平交易：每个价格都跟随公开行情',
    content: '<h2>公平源于设计</h2><p>订单与真实订单撮合，期权按记录的指数价格结算，您看到的每个数字都来自真实记录。</p>',
  },
  hk: {
    title: '公平交易：每個價格都跟隨公開行情',
    content: '<h2>公平源於設計</h2><p>訂單與真實訂單撮合，期權按記錄的指數價格結算，您看到的每個數字都來自真實記錄。</p>',
  },
  th: {
    title: 'ซื้อขายอย่างเป็นธรรม: ทุกราคาเป็นไปตามฟีดราคาสาธารณะ',
    content: '<h2>เป็นธรรมโดยการออกแบบ</h2><p>คำสั่งซื้อขายจับคู่กับคำสั่งจริง ออปชันชำระราคาตามราคาดัชนีที่บันทึกไว้ และทุกตัวเลขที่คุณเห็นคำนวณจากข้อมูลจริง</p>',
  },
  jp: {
    title: '公正な取引：すべての価格は公開フィードに従います',
    content: '<h2>設計から公正</h2><p>注文は実在の注文と約定し、オプションは記録された指数ティックで決済され、表示される数字はすべて実際の記録から計算されます。</p>',
  },
  kor: {
    title: '공정한 거래: 모든 가격은 공개 시세를 따릅니다',
    content: '<h2>설계부터 공정하게</h2><p>주문은 실제 주문과 체결되고, 옵션은 기록된 지수 틱으로 정산되며, 보이는 모든 수치는 실제 기록으로 계산됩니다.</p>',
  },
  fra: {
    title: 'Négociez équitablement : chaque prix suit le flux public',
    content:
      '<h2>Équitable par conception</h2><p>Les ordres rencontrent de vrais ordres, les options se règlent sur le tick d’indice enregistré, et chaque chiffre affiché est calculé à partir de données réelles.</p>',
  },
  spa: {
    title: 'Opere con equidad: cada precio sigue la fuente pública',
    content: '<h2>Justo por diseño</h2><p>Las órdenes se cruzan con órdenes reales, las opciones se liquidan con el tick del índice registrado y cada cifra que ve se calcula a partir de registros reales.</p>',
  },
};

/** The popup notice home shows once (per version): what a development start is. */
const WELCOME: Versions = {
  en: {
    title: 'Welcome to the FairEx demo',
    content:
      '<p>This development start comes with demo data so that every screen is alive: products, artworks, traders who really trade, and this notice. Each demo row carries a Demo badge; a production start seeds none of it.</p>',
  },
  zh: {
    title: '欢迎体验 FairEx 演示',
    content: '<p>本次开发环境启动附带演示数据，让每个页面都有内容：产品、艺术品、真实交易的交易员，以及这条公告。每条演示数据都带有“演示”标记；生产环境不会生成任何演示数据。</p>',
  },
  hk: {
    title: '歡迎體驗 FairEx 示範',
    content: '<p>本次開發環境啟動附帶示範資料，讓每個頁面都有內容：產品、藝術品、真實交易的交易員，以及這條公告。每條示範資料都帶有「示範」標記；正式環境不會產生任何示範資料。</p>',
  },
  th: {
    title: 'ยินดีต้อนรับสู่เดโม FairEx',
    content:
      '<p>การเริ่มระบบในโหมดพัฒนานี้มาพร้อมข้อมูลสาธิตเพื่อให้ทุกหน้าจอมีข้อมูล: ผลิตภัณฑ์ ผลงานศิลปะ เทรดเดอร์ที่ซื้อขายจริง และประกาศนี้ ทุกรายการสาธิตมีป้ายเดโม การเริ่มระบบจริงจะไม่สร้างข้อมูลเหล่านี้</p>',
  },
  jp: {
    title: 'FairEx デモへようこそ',
    content:
      '<p>この開発環境の起動には、すべての画面が動いて見えるようにデモデータが含まれています：商品、アート作品、実際に取引するトレーダー、そしてこのお知らせです。デモデータにはすべてデモのバッジが付き、本番環境の起動では作成されません。</p>',
  },
  kor: {
    title: 'FairEx 데모에 오신 것을 환영합니다',
    content:
      '<p>이번 개발 환경 시작에는 모든 화면이 살아 있도록 데모 데이터가 함께 들어 있습니다: 상품, 작품, 실제로 거래하는 트레이더, 그리고 이 공지입니다. 모든 데모 항목에는 데모 배지가 붙으며, 운영 환경 시작에서는 만들어지지 않습니다.</p>',
  },
  fra: {
    title: 'Bienvenue dans la démo FairEx',
    content:
      '<p>Ce démarrage de développement est livré avec des données de démonstration pour que chaque écran soit vivant : produits, œuvres, traders qui négocient vraiment, et cet avis. Chaque ligne de démonstration porte un badge Démo ; un démarrage de production n’en crée aucune.</p>',
  },
  spa: {
    title: 'Bienvenido a la demo de FairEx',
    content:
      '<p>Este arranque de desarrollo incluye datos de demostración para que cada pantalla tenga vida: productos, obras, traders que operan de verdad y este aviso. Cada fila de demostración lleva la insignia Demo; un arranque de producción no crea ninguno.</p>',
  },
};

const NEWS: Versions[] = [
  {
    en: {
      title: 'Lock-up mining: daily rates published in advance',
      content:
        '<p>Each lock-up product publishes its rate for a day before that day starts. Every holder is paid the same rate, shown on each payout.</p><ul><li>Interest accrues from the day of deposit.</li><li>Early redemption costs the penalty shown before you confirm.</li></ul>',
    },
    zh: {
      title: '锁仓挖矿：每日利率提前公布',
      content: '<p>每个锁仓产品都会在当天开始前公布当天的利率。所有持有人按同一利率获得收益，每笔派息都会显示该利率。</p><ul><li>利息从存入当天开始计算。</li><li>提前赎回的违约金会在确认前显示。</li></ul>',
    },
    hk: {
      title: '鎖倉挖礦：每日利率提前公佈',
      content: '<p>每個鎖倉產品都會在當天開始前公佈當天的利率。所有持有人按同一利率獲得收益，每筆派息都會顯示該利率。</p><ul><li>利息從存入當天開始計算。</li><li>提前贖回的違約金會在確認前顯示。</li></ul>',
    },
    th: {
      title: 'การขุดแบบล็อก: ประกาศอัตรารายวันล่วงหน้า',
      content:
        '<p>ผลิตภัณฑ์แบบล็อกแต่ละรายการประกาศอัตราของแต่ละวันก่อนวันนั้นเริ่มต้น ผู้ถือทุกคนได้รับอัตราเดียวกัน ซึ่งแสดงในการจ่ายผลตอบแทนแต่ละครั้ง</p><ul><li>ดอกเบี้ยเริ่มคำนวณตั้งแต่วันที่ฝาก</li><li>การไถ่ถอนก่อนกำหนดมีค่าปรับที่แสดงก่อนคุณยืนยัน</li></ul>',
    },
    jp: {
      title: 'ロックアップマイニング：日次利率を事前に公開',
      content:
        '<p>各ロックアップ商品は、その日が始まる前にその日の利率を公開します。保有者は全員同じ利率で支払われ、各支払いに利率が表示されます。</p><ul><li>利息は預け入れ日から発生します。</li><li>早期償還のペナルティは確認前に表示されます。</li></ul>',
    },
    kor: {
      title: '락업 마이닝: 일일 이율을 미리 공개합니다',
      content:
        '<p>각 락업 상품은 그날이 시작되기 전에 그날의 이율을 공개합니다. 모든 보유자는 같은 이율을 받으며, 지급 내역마다 이율이 표시됩니다.</p><ul><li>이자는 예치한 날부터 발생합니다.</li><li>중도 상환 위약금은 확인 전에 표시됩니다.</li></ul>',
    },
    fra: {
      title: 'Minage bloqué : taux journaliers publiés à l’avance',
      content:
        '<p>Chaque produit bloqué publie son taux d’une journée avant que celle-ci ne commence. Tous les détenteurs reçoivent le même taux, indiqué sur chaque versement.</p><ul><li>Les intérêts courent dès le jour du dépôt.</li><li>Un rachat anticipé coûte la pénalité affichée avant votre confirmation.</li></ul>',
    },
    spa: {
      title: 'Minería bloqueada: tasas diarias publicadas por adelantado',
      content:
        '<p>Cada producto bloqueado publica su tasa de un día antes de que ese día empiece. Todos los titulares reciben la misma tasa, indicada en cada pago.</p><ul><li>Los intereses se generan desde el día del depósito.</li><li>El rescate anticipado cuesta la penalización que se muestra antes de confirmar.</li></ul>',
    },
  },
  {
    en: {
      title: 'Customer service is in the app',
      content: '<p>Open <strong>Settings → Customer service</strong> to write to us. Attach a screenshot if it helps; our team answers in the same thread.</p>',
    },
    zh: {
      title: '在应用内联系客服',
      content: '<p>打开<strong>设置 → 客服</strong>即可给我们留言。如有需要可以附上截图，我们的团队会在同一会话中回复。</p>',
    },
    hk: {
      title: '在應用程式內聯絡客服',
      content: '<p>打開<strong>設定 → 線上客服</strong>即可給我們留言。如有需要可以附上截圖，我們的團隊會在同一對話中回覆。</p>',
    },
    th: {
      title: 'ติดต่อฝ่ายบริการลูกค้าได้ในแอป',
      content: '<p>เปิด <strong>การตั้งค่า → ฝ่ายบริการลูกค้า</strong> เพื่อเขียนถึงเรา แนบภาพหน้าจอได้หากช่วยให้เข้าใจง่ายขึ้น ทีมของเราจะตอบในบทสนทนาเดียวกัน</p>',
    },
    jp: {
      title: 'カスタマーサービスはアプリの中に',
      content: '<p><strong>設定 → カスタマーサービス</strong>を開いてご連絡ください。必要ならスクリーンショットを添付できます。担当チームが同じスレッドでお返事します。</p>',
    },
    kor: {
      title: '고객 센터는 앱 안에 있습니다',
      content: '<p><strong>설정 → 고객 센터</strong>를 열어 문의해 주세요. 도움이 된다면 스크린샷을 첨부하세요. 저희 팀이 같은 대화에서 답변합니다.</p>',
    },
    fra: {
      title: 'Le service client est dans l’application',
      content: '<p>Ouvrez <strong>Paramètres → Service client</strong> pour nous écrire. Joignez une capture d’écran si elle aide ; notre équipe répond dans la même conversation.</p>',
    },
    spa: {
      title: 'La atención al cliente está en la aplicación',
      content: '<p>Abra <strong>Ajustes → Atención al cliente</strong> para escribirnos. Adjunte una captura de pantalla si ayuda; nuestro equipo responde en la misma conversación.</p>',
    },
  },
];

const faq = (title: string, entries: [string, string][]): Text => ({
  title,
  content: entries.map(([question, answer]) => `<details><summary>${question}</summary><p>${answer}</p></details>`).join(''),
});

const PAGES: Record<ContentPageKey, Versions> = {
  faq: {
    en: faq('Frequently asked questions', [
      ['How do I deposit?', 'Open Assets → Deposit, choose a coin and network, send to the address shown and declare the amount with a payment voucher.'],
      ['Why must I verify my identity?', 'Withdrawal limits depend on your verification level: 200 BTC a day at level 1, 500 BTC at level 2.'],
      ['What does trading cost?', 'Each spot pair shows its maker and taker fees before you place an order.'],
    ]),
    zh: faq('常见问题', [
      ['如何充值？', '打开 资产 → 充值，选择币种和网络，向显示的地址转账，并上传付款凭证申报金额。'],
      ['为什么需要身份认证？', '提现额度取决于认证等级：初级每日 200 BTC，高级每日 500 BTC。'],
      ['交易费用是多少？', '每个现货交易对在下单前都会显示挂单和吃单手续费。'],
    ]),
    hk: faq('常見問題', [
      ['如何充值？', '打開 資產 → 充值，選擇幣種和網絡，向顯示的地址轉賬，並上傳付款憑證申報金額。'],
      ['為甚麼需要身份認證？', '提現額度取決於認證等級：初級每日 200 BTC，高級每日 500 BTC。'],
      ['交易費用是多少？', '每個現貨交易對在下單前都會顯示掛單和吃單手續費。'],
    ]),
    th: faq('คำถามที่พบบ่อย', [
      ['ฝากเหรียญอย่างไร?', 'เปิด สินทรัพย์ → ฝากเหรียญ เลือกเหรียญและเครือข่าย โอนไปยังที่อยู่ที่แสดง แล้วแจ้งจำนวนพร้อมหลักฐานการชำระเงิน'],
      ['ทำไมต้องยืนยันตัวตน?', 'วงเงินถอนขึ้นอยู่กับระดับการยืนยัน: ระดับ 1 วันละ 200 BTC ระดับ 2 วันละ 500 BTC'],
      ['ค่าธรรมเนียมการซื้อขายเท่าไร?', 'คู่เทรดสปอตแต่ละคู่แสดงค่าธรรมเนียมเมกเกอร์และเทกเกอร์ก่อนที่คุณจะส่งคำสั่ง'],
    ]),
    jp: faq('よくある質問', [
      ['入金するには？', '資産 → 暗号資産の入金 を開き、通貨とネットワークを選んで表示されたアドレスに送金し、支払証明とともに金額を申告します。'],
      ['本人確認が必要なのはなぜですか？', '出金限度額は認証レベルによって決まります：レベル1は1日 200 BTC、レベル2は1日 500 BTC です。'],
      ['取引手数料はいくらですか？', '各現物ペアは、注文前にメイカー手数料とテイカー手数料を表示します。'],
    ]),
    kor: faq('자주 묻는 질문', [
      ['입금은 어떻게 하나요?', '자산 → 코인 입금을 열고 코인과 네트워크를 선택한 뒤 표시된 주소로 보내고, 결제 증빙과 함께 금액을 신고하세요.'],
      ['왜 본인 인증을 해야 하나요?', '출금 한도는 인증 등급에 따라 다릅니다: 1단계는 하루 200 BTC, 2단계는 하루 500 BTC입니다.'],
      ['거래 수수료는 얼마인가요?', '각 현물 거래쌍은 주문 전에 메이커 및 테이커 수수료를 보여 줍니다.'],
    ]),
    fra: faq('Questions fréquentes', [
      ['Comment déposer ?', 'Ouvrez Actifs → Dépôt, choisissez une crypto et un réseau, envoyez à l’adresse affichée et déclarez le montant avec un justificatif de paiement.'],
      ['Pourquoi dois-je vérifier mon identité ?', 'Les plafonds de retrait dépendent de votre niveau de vérification : 200 BTC par jour au niveau 1, 500 BTC au niveau 2.'],
      ['Combien coûte le trading ?', 'Chaque paire au comptant affiche ses frais maker et taker avant que vous ne passiez un ordre.'],
    ]),
    spa: faq('Preguntas frecuentes', [
      ['¿Cómo deposito?', 'Abra Activos → Depósito, elija una moneda y una red, envíe a la dirección mostrada y declare el importe con un comprobante de pago.'],
      ['¿Por qué debo verificar mi identidad?', 'Los límites de retiro dependen de su nivel de verificación: 200 BTC al día en el nivel 1, 500 BTC en el nivel 2.'],
      ['¿Cuánto cuesta operar?', 'Cada par al contado muestra sus comisiones maker y taker antes de que coloque una orden.'],
    ]),
  },
  aboutus: {
    en: {
      title: 'About us',
      content: '<p>FairEx is an open-source trading and wealth platform: a double-entry ledger, a matching engine and scheduled settlements that follow the public price feed only.</p>',
    },
    zh: { title: '关于我们', content: '<p>FairEx 是一个开源的交易与理财平台：复式记账、撮合引擎和定时结算，结果只跟随公开行情。</p>' },
    hk: { title: '關於我們', content: '<p>FairEx 是一個開源的交易與理財平台：複式記賬、撮合引擎和定時結算，結果只跟隨公開行情。</p>' },
    th: {
      title: 'เกี่ยวกับเรา',
      content: '<p>FairEx เป็นแพลตฟอร์มซื้อขายและการลงทุนแบบโอเพนซอร์ส: บัญชีแยกประเภทแบบบัญชีคู่ ระบบจับคู่คำสั่ง และการชำระราคาตามกำหนดเวลาที่อิงเฉพาะฟีดราคาสาธารณะ</p>',
    },
    jp: {
      title: '私たちについて',
      content: '<p>FairEx はオープンソースの取引・資産運用プラットフォームです。複式簿記の台帳、マッチングエンジン、そして公開価格フィードだけに従う定時決済で動いています。</p>',
    },
    kor: { title: '회사 소개', content: '<p>FairEx는 오픈 소스 거래 및 자산 관리 플랫폼입니다. 복식부기 원장, 매칭 엔진, 그리고 공개 시세만 따르는 정기 정산으로 운영됩니다.</p>' },
    fra: {
      title: 'À propos',
      content: '<p>FairEx est une plateforme open source de trading et d’épargne : un grand livre en partie double, un moteur d’appariement et des règlements planifiés qui ne suivent que le flux de prix public.</p>',
    },
    spa: {
      title: 'Sobre nosotros',
      content: '<p>FairEx es una plataforma de código abierto de trading e inversión: un libro mayor de partida doble, un motor de emparejamiento y liquidaciones programadas que solo siguen la fuente pública de precios.</p>',
    },
  },
  contactus: {
    en: {
      title: 'Contact us',
      content: '<p>Write to customer service from <strong>Settings → Customer service</strong>; we answer every day. For business enquiries: <a href="mailto:hello@fairex.local">hello@fairex.local</a>.</p>',
    },
    zh: {
      title: '联系我们',
      content: '<p>请在<strong>设置 → 客服</strong>中给客服留言，我们每天都会回复。商务合作：<a href="mailto:hello@fairex.local">hello@fairex.local</a>。</p>',
    },
    hk: {
      title: '聯絡我們',
      content: '<p>請在<strong>設定 → 線上客服</strong>中給客服留言，我們每天都會回覆。商務合作：<a href="mailto:hello@fairex.local">hello@fairex.local</a>。</p>',
    },
    th: {
      title: 'ติดต่อเรา',
      content: '<p>เขียนถึงฝ่ายบริการลูกค้าได้ที่ <strong>การตั้งค่า → ฝ่ายบริการลูกค้า</strong> เราตอบทุกวัน ติดต่อธุรกิจ: <a href="mailto:hello@fairex.local">hello@fairex.local</a></p>',
    },
    jp: {
      title: 'お問い合わせ',
      content: '<p><strong>設定 → カスタマーサービス</strong>からご連絡ください。毎日お返事します。ビジネスのお問い合わせ：<a href="mailto:hello@fairex.local">hello@fairex.local</a></p>',
    },
    kor: {
      title: '문의하기',
      content: '<p><strong>설정 → 고객 센터</strong>에서 문의해 주세요. 매일 답변해 드립니다. 비즈니스 문의: <a href="mailto:hello@fairex.local">hello@fairex.local</a></p>',
    },
    fra: {
      title: 'Nous contacter',
      content:
        '<p>Écrivez au service client depuis <strong>Paramètres → Service client</strong> ; nous répondons tous les jours. Pour les demandes professionnelles : <a href="mailto:hello@fairex.local">hello@fairex.local</a>.</p>',
    },
    spa: {
      title: 'Contacto',
      content:
        '<p>Escriba a atención al cliente desde <strong>Ajustes → Atención al cliente</strong>; respondemos todos los días. Para consultas comerciales: <a href="mailto:hello@fairex.local">hello@fairex.local</a>.</p>',
    },
  },
  operational_compliance: {
    en: {
      title: 'Operational compliance',
      content:
        '<h3>Risk disclosure</h3><p>Trading coins, contracts and options carries a risk of loss. Only trade what you can afford to lose.</p><h3>Identity and anti-money-laundering</h3><p>We verify identities and review deposits and withdrawals before they are credited or paid.</p>',
    },
    zh: {
      title: '运营合规',
      content: '<h3>风险提示</h3><p>币币、合约和期权交易存在亏损风险，请仅使用可承受损失的资金进行交易。</p><h3>身份认证与反洗钱</h3><p>我们会核验身份，并在入账或出金前审核充值和提现。</p>',
    },
    hk: {
      title: '營運合規',
      content: '<h3>風險提示</h3><p>幣幣、合約和期權交易存在虧損風險，請僅使用可承受損失的資金進行交易。</p><h3>身份認證與反洗錢</h3><p>我們會核驗身份，並在入賬或出金前審核充值和提現。</p>',
    },
    th: {
      title: 'การปฏิบัติตามกฎระเบียบ',
      content:
        '<h3>การเปิดเผยความเสี่ยง</h3><p>การซื้อขายเหรียญ สัญญา และออปชันมีความเสี่ยงที่จะขาดทุน โปรดซื้อขายด้วยเงินที่คุณรับการสูญเสียได้เท่านั้น</p><h3>การยืนยันตัวตนและการต่อต้านการฟอกเงิน</h3><p>เรายืนยันตัวตนและตรวจสอบการฝากและการถอนก่อนเข้าบัญชีหรือจ่ายออก</p>',
    },
    jp: {
      title: 'コンプライアンス',
      content:
        '<h3>リスクの開示</h3><p>暗号資産、契約、オプションの取引には損失のリスクがあります。失っても困らない資金だけで取引してください。</p><h3>本人確認とマネーロンダリング対策</h3><p>本人確認を行い、入金と出金は反映・支払いの前に審査します。</p>',
    },
    kor: {
      title: '규정 준수',
      content:
        '<h3>위험 고지</h3><p>코인, 계약, 옵션 거래에는 손실 위험이 있습니다. 잃어도 감당할 수 있는 자금으로만 거래하세요.</p><h3>본인 인증 및 자금 세탁 방지</h3><p>본인 인증을 하고, 입금과 출금은 반영 또는 지급 전에 심사합니다.</p>',
    },
    fra: {
      title: 'Conformité',
      content:
        '<h3>Avertissement sur les risques</h3><p>Négocier des cryptos, des contrats et des options comporte un risque de perte. Ne négociez que ce que vous pouvez vous permettre de perdre.</p><h3>Identité et lutte contre le blanchiment</h3><p>Nous vérifions les identités et examinons les dépôts et les retraits avant de les créditer ou de les payer.</p>',
    },
    spa: {
      title: 'Cumplimiento normativo',
      content:
        '<h3>Aviso de riesgo</h3><p>Operar con monedas, contratos y opciones conlleva riesgo de pérdida. Opere solo con lo que pueda permitirse perder.</p><h3>Identidad y prevención del blanqueo de capitales</h3><p>Verificamos identidades y revisamos depósitos y retiros antes de abonarlos o pagarlos.</p>',
    },
  },
};

const versionsOf = (versions: Versions) =>
  LANGS.map((lang) => ({ lang, title: versions[lang].title, content: sanitizeContent(versions[lang].content + DEMO_NOTE[lang]), image: '' }));

/** Seeds the demo content, published at `now`. */
export async function seedContentDemo(db: Db, now: number) {
  const at = new Date(now);
  const seedNews = (await demoItemCount(db)) === 0;
  const written = await writtenPageKeys(db);
  await db.transaction(async (tx) => {
    if (seedNews) {
      const banner = await insertItem(tx, { categoryId: 5, status: 'published', sort: 10, publishAt: at, popup: false, demo: true }, at);
      await replaceVersions(tx, banner.id, versionsOf(BANNER));
      // The popup: home shows each version of it once (a reload does not show it again).
      const welcome = await insertItem(tx, { categoryId: 4, status: 'published', sort: 0, publishAt: at, popup: true, demo: true }, at);
      await replaceVersions(tx, welcome.id, versionsOf(WELCOME));
      for (const [index, article] of NEWS.entries()) {
        const item = await insertItem(tx, { categoryId: 4, status: 'published', sort: 0, publishAt: new Date(now - (index + 1) * 60_000), popup: false, demo: true }, at);
        await replaceVersions(tx, item.id, versionsOf(article));
      }
    }
    for (const [key, versions] of Object.entries(PAGES) as [ContentPageKey, Versions][]) {
      if (written.includes(key)) continue;
      const page = await lockPage(tx, key, at);
      await updateItem(tx, page.id, { status: 'published', sort: 0, publishAt: at, popup: false, demo: true }, at);
      await replaceVersions(tx, page.id, versionsOf(versions));
    }
  });
}
