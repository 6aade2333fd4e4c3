/// The words of the site `daybook new` writes, in each language the built-in theme has
/// (`templates/i18n/`), so that a Korean or Arabic diary starts in Korean or Arabic.
struct Starter {
    var description: String
    var firstTitle: String
    var firstBody: String
    var firstMood: String
    var firstWeather: String
    var firstLocation: String
    var secondTitle: String
    /// A table of two days' steps, and how dates without a time behave.
    var secondBody: String
    var walkTag: String
    var secondMood: String
    /// Read the README (done), write today's entry, set a baseURL.
    var todos: [String]
    /// `pages/about.md`: its title in the menu, and what it says.
    var aboutTitle: String
    var aboutBody: String

    /// The words for a language code of ``UIStrings/language(ofLocale:)``; English for the others.
    static func of(language: String) -> Starter {
        all[language] ?? english
    }

    static let english = Starter(
        description: "A diary kept with Daybook.",
        firstTitle: "Hello, Daybook",
        firstBody: "This is the first entry. Write **Markdown** here: lists, tables, task lists.\n\n- [x] Make a site with `daybook new`\n- [ ] Write an entry a day\n\nRun `daybook build` and open `_site/index.html`.",
        firstMood: "Curious", firstWeather: "Clear", firstLocation: "Home",
        secondTitle: "A second day",
        secondBody: "| Day | Steps |\n|---|---:|\n| Thu | 8,042 |\n| Fri | 10,311 |\n\nDates without a time stay on their day in every time zone.",
        walkTag: "walk", secondMood: "Calm",
        todos: ["Read the README", "Write today's entry", "Set a baseURL in daybook.json to get a feed"],
        aboutTitle: "About",
        aboutBody: "Write here who keeps this diary, and why.\n\nThis page is `pages/about.md`: every Markdown file in `pages/` is a page of the site, listed in the menu at the top. Change it, or delete it.")

    static let all: [String: Starter] = [
        "en": english,
        "ko": Starter(
            description: "Daybook으로 쓰는 일기.",
            firstTitle: "안녕, Daybook",
            firstBody: "첫 일기입니다. 여기에 **마크다운**으로 쓰세요. 목록, 표, 할 일 목록도 됩니다.\n\n- [x] `daybook new`로 사이트 만들기\n- [ ] 하루에 한 편씩 쓰기\n\n`daybook build`를 실행하고 `_site/index.html`을 여세요.",
            firstMood: "궁금함", firstWeather: "맑음", firstLocation: "집",
            secondTitle: "둘째 날",
            secondBody: "| 요일 | 걸음 |\n|---|---:|\n| 목 | 8,042 |\n| 금 | 10,311 |\n\n시간 없이 날짜만 적은 일기는 어느 시간대에서도 그날에 머뭅니다.",
            walkTag: "산책", secondMood: "평온",
            todos: ["README 읽기", "오늘 일기 쓰기", "피드를 만들려면 daybook.json에 baseURL 넣기"],
            aboutTitle: "소개",
            aboutBody: "누가, 왜 이 일기를 쓰는지 여기에 적으세요.\n\n이 페이지는 `pages/about.md`입니다. `pages/`에 있는 마크다운 파일은 모두 사이트의 페이지가 되어 위쪽 메뉴에 나옵니다. 고치거나 지워도 됩니다."),
        "ja": Starter(
            description: "Daybookでつける日記。",
            firstTitle: "こんにちは、Daybook",
            firstBody: "最初の日記です。ここに**Markdown**で書きます。リスト、表、タスクリストも使えます。\n\n- [x] `daybook new` でサイトを作る\n- [ ] 毎日ひとつ書く\n\n`daybook build` を実行して `_site/index.html` を開きます。",
            firstMood: "わくわく", firstWeather: "晴れ", firstLocation: "家",
            secondTitle: "二日目",
            secondBody: "| 曜日 | 歩数 |\n|---|---:|\n| 木 | 8,042 |\n| 金 | 10,311 |\n\n時刻のない日付は、どのタイムゾーンでもその日のままです。",
            walkTag: "散歩", secondMood: "穏やか",
            todos: ["READMEを読む", "今日の日記を書く", "フィードを作るには daybook.json に baseURL を設定する"],
            aboutTitle: "このサイトについて",
            aboutBody: "誰が、なぜこの日記をつけているのか、ここに書きます。\n\nこのページは `pages/about.md` です。`pages/` にある Markdown ファイルはどれもサイトのページになり、上のメニューに並びます。書き換えても、消してもかまいません。"),
        "zh": Starter(
            description: "用 Daybook 记的日记。",
            firstTitle: "你好，Daybook",
            firstBody: "这是第一篇日记。在这里用 **Markdown** 书写：列表、表格、任务列表都可以。\n\n- [x] 用 `daybook new` 建立站点\n- [ ] 每天写一篇\n\n运行 `daybook build`，然后打开 `_site/index.html`。",
            firstMood: "好奇", firstWeather: "晴", firstLocation: "家",
            secondTitle: "第二天",
            secondBody: "| 星期 | 步数 |\n|---|---:|\n| 周四 | 8,042 |\n| 周五 | 10,311 |\n\n只有日期、没有时间的日记，在任何时区都留在当天。",
            walkTag: "散步", secondMood: "平静",
            todos: ["阅读 README", "写今天的日记", "在 daybook.json 中设置 baseURL 以生成订阅源"],
            aboutTitle: "关于",
            aboutBody: "在这里写下是谁在记这本日记，以及为什么。\n\n这个页面是 `pages/about.md`：`pages/` 中的每个 Markdown 文件都是站点的一个页面，列在顶部的菜单里。可以修改，也可以删除。"),
        "zh-hant": Starter(
            description: "用 Daybook 記的日記。",
            firstTitle: "你好，Daybook",
            firstBody: "這是第一篇日記。在這裡用 **Markdown** 書寫：清單、表格、待辦清單都可以。\n\n- [x] 用 `daybook new` 建立網站\n- [ ] 每天寫一篇\n\n執行 `daybook build`，然後開啟 `_site/index.html`。",
            firstMood: "好奇", firstWeather: "晴", firstLocation: "家",
            secondTitle: "第二天",
            secondBody: "| 星期 | 步數 |\n|---|---:|\n| 週四 | 8,042 |\n| 週五 | 10,311 |\n\n只有日期、沒有時間的日記，在任何時區都留在當天。",
            walkTag: "散步", secondMood: "平靜",
            todos: ["閱讀 README", "寫今天的日記", "在 daybook.json 中設定 baseURL 以產生訂閱來源"],
            aboutTitle: "關於",
            aboutBody: "在這裡寫下是誰在記這本日記，以及為什麼。\n\n這個頁面是 `pages/about.md`：`pages/` 中的每個 Markdown 檔案都是網站的一個頁面，列在上方的選單裡。可以修改，也可以刪除。"),
        "de": Starter(
            description: "Ein Tagebuch, geführt mit Daybook.",
            firstTitle: "Hallo, Daybook",
            firstBody: "Das ist der erste Eintrag. Schreib hier **Markdown**: Listen, Tabellen, Aufgabenlisten.\n\n- [x] Eine Seite mit `daybook new` anlegen\n- [ ] Jeden Tag einen Eintrag schreiben\n\nFühre `daybook build` aus und öffne `_site/index.html`.",
            firstMood: "Neugierig", firstWeather: "Klar", firstLocation: "Zuhause",
            secondTitle: "Ein zweiter Tag",
            secondBody: "| Tag | Schritte |\n|---|---:|\n| Do | 8.042 |\n| Fr | 10.311 |\n\nEin Datum ohne Uhrzeit bleibt in jeder Zeitzone an seinem Tag.",
            walkTag: "Spaziergang", secondMood: "Ruhig",
            todos: ["Die README lesen", "Den heutigen Eintrag schreiben", "Eine baseURL in daybook.json setzen, um einen Feed zu bekommen"],
            aboutTitle: "Über mich",
            aboutBody: "Schreib hier, wer dieses Tagebuch führt, und warum.\n\nDiese Seite ist `pages/about.md`: Jede Markdown-Datei in `pages/` ist eine Seite der Website und steht im Menü oben. Ändere sie, oder lösche sie."),
        "fr": Starter(
            description: "Un journal tenu avec Daybook.",
            firstTitle: "Bonjour, Daybook",
            firstBody: "Voici la première entrée. Écrivez ici en **Markdown** : listes, tableaux, listes de tâches.\n\n- [x] Créer un site avec `daybook new`\n- [ ] Écrire une entrée par jour\n\nLancez `daybook build` et ouvrez `_site/index.html`.",
            firstMood: "Curieux", firstWeather: "Dégagé", firstLocation: "Maison",
            secondTitle: "Un deuxième jour",
            secondBody: "| Jour | Pas |\n|---|---:|\n| jeu. | 8 042 |\n| ven. | 10 311 |\n\nUne date sans heure reste sur son jour dans tous les fuseaux horaires.",
            walkTag: "promenade", secondMood: "Calme",
            todos: ["Lire le README", "Écrire l’entrée du jour", "Définir une baseURL dans daybook.json pour obtenir un flux"],
            aboutTitle: "À propos",
            aboutBody: "Écrivez ici qui tient ce journal, et pourquoi.\n\nCette page est `pages/about.md` : chaque fichier Markdown de `pages/` est une page du site, dans le menu en haut. Modifiez-la, ou supprimez-la."),
        "es": Starter(
            description: "Un diario llevado con Daybook.",
            firstTitle: "Hola, Daybook",
            firstBody: "Esta es la primera entrada. Escribe aquí en **Markdown**: listas, tablas, listas de tareas.\n\n- [x] Crear un sitio con `daybook new`\n- [ ] Escribir una entrada cada día\n\nEjecuta `daybook build` y abre `_site/index.html`.",
            firstMood: "Curioso", firstWeather: "Despejado", firstLocation: "Casa",
            secondTitle: "Un segundo día",
            secondBody: "| Día | Pasos |\n|---|---:|\n| jue | 8.042 |\n| vie | 10.311 |\n\nUna fecha sin hora se queda en su día en cualquier zona horaria.",
            walkTag: "paseo", secondMood: "Tranquilo",
            todos: ["Leer el README", "Escribir la entrada de hoy", "Poner una baseURL en daybook.json para tener un feed"],
            aboutTitle: "Acerca de",
            aboutBody: "Escribe aquí quién lleva este diario y por qué.\n\nEsta página es `pages/about.md`: cada archivo Markdown de `pages/` es una página del sitio, en el menú de arriba. Cámbiala o bórrala."),
        "pt": Starter(
            description: "Um diário escrito com o Daybook.",
            firstTitle: "Olá, Daybook",
            firstBody: "Esta é a primeira entrada. Escreva aqui em **Markdown**: listas, tabelas, listas de tarefas.\n\n- [x] Criar um site com `daybook new`\n- [ ] Escrever uma entrada por dia\n\nExecute `daybook build` e abra `_site/index.html`.",
            firstMood: "Curioso", firstWeather: "Céu limpo", firstLocation: "Casa",
            secondTitle: "Um segundo dia",
            secondBody: "| Dia | Passos |\n|---|---:|\n| qui. | 8.042 |\n| sex. | 10.311 |\n\nUma data sem hora fica no seu dia em qualquer fuso horário.",
            walkTag: "passeio", secondMood: "Tranquilo",
            todos: ["Ler o README", "Escrever a entrada de hoje", "Definir uma baseURL em daybook.json para ter um feed"],
            aboutTitle: "Sobre",
            aboutBody: "Escreva aqui quem mantém este diário, e por quê.\n\nEsta página é `pages/about.md`: cada arquivo Markdown em `pages/` é uma página do site, no menu do topo. Altere-a ou apague-a."),
        "it": Starter(
            description: "Un diario tenuto con Daybook.",
            firstTitle: "Ciao, Daybook",
            firstBody: "Questa è la prima voce. Scrivi qui in **Markdown**: elenchi, tabelle, liste di attività.\n\n- [x] Creare un sito con `daybook new`\n- [ ] Scrivere una voce al giorno\n\nEsegui `daybook build` e apri `_site/index.html`.",
            firstMood: "Curioso", firstWeather: "Sereno", firstLocation: "Casa",
            secondTitle: "Un secondo giorno",
            secondBody: "| Giorno | Passi |\n|---|---:|\n| gio | 8.042 |\n| ven | 10.311 |\n\nUna data senza ora resta nel suo giorno in ogni fuso orario.",
            walkTag: "passeggiata", secondMood: "Tranquillo",
            todos: ["Leggere il README", "Scrivere la voce di oggi", "Impostare una baseURL in daybook.json per avere un feed"],
            aboutTitle: "Chi sono",
            aboutBody: "Scrivi qui chi tiene questo diario, e perché.\n\nQuesta pagina è `pages/about.md`: ogni file Markdown in `pages/` è una pagina del sito, nel menu in alto. Modificala o eliminala."),
        "nl": Starter(
            description: "Een dagboek bijgehouden met Daybook.",
            firstTitle: "Hallo, Daybook",
            firstBody: "Dit is het eerste bericht. Schrijf hier in **Markdown**: lijsten, tabellen, takenlijsten.\n\n- [x] Een site maken met `daybook new`\n- [ ] Elke dag een bericht schrijven\n\nVoer `daybook build` uit en open `_site/index.html`.",
            firstMood: "Nieuwsgierig", firstWeather: "Helder", firstLocation: "Thuis",
            secondTitle: "Een tweede dag",
            secondBody: "| Dag | Stappen |\n|---|---:|\n| do | 8.042 |\n| vr | 10.311 |\n\nEen datum zonder tijd blijft in elke tijdzone op zijn dag.",
            walkTag: "wandeling", secondMood: "Rustig",
            todos: ["De README lezen", "Het bericht van vandaag schrijven", "Een baseURL instellen in daybook.json voor een feed"],
            aboutTitle: "Over mij",
            aboutBody: "Schrijf hier wie dit dagboek bijhoudt, en waarom.\n\nDeze pagina is `pages/about.md`: elk Markdown-bestand in `pages/` is een pagina van de site, in het menu bovenaan. Pas haar aan of verwijder haar."),
        "tr": Starter(
            description: "Daybook ile tutulan bir günlük.",
            firstTitle: "Merhaba, Daybook",
            firstBody: "Bu ilk yazı. Buraya **Markdown** ile yazın: listeler, tablolar, görev listeleri.\n\n- [x] `daybook new` ile bir site oluştur\n- [ ] Her gün bir yazı yaz\n\n`daybook build` komutunu çalıştırın ve `_site/index.html` dosyasını açın.",
            firstMood: "Meraklı", firstWeather: "Açık", firstLocation: "Ev",
            secondTitle: "İkinci gün",
            secondBody: "| Gün | Adım |\n|---|---:|\n| Per | 8.042 |\n| Cum | 10.311 |\n\nSaati olmayan bir tarih her saat diliminde kendi gününde kalır.",
            walkTag: "yürüyüş", secondMood: "Sakin",
            todos: ["README'yi oku", "Bugünün yazısını yaz", "Akış için daybook.json'a bir baseURL ekle"],
            aboutTitle: "Hakkımda",
            aboutBody: "Bu günlüğü kimin, neden tuttuğunu buraya yazın.\n\nBu sayfa `pages/about.md` dosyasıdır: `pages/` içindeki her Markdown dosyası sitenin bir sayfasıdır ve üstteki menüde yer alır. Değiştirin ya da silin."),
        "pl": Starter(
            description: "Dziennik prowadzony w Daybook.",
            firstTitle: "Cześć, Daybook",
            firstBody: "To pierwszy wpis. Pisz tutaj w **Markdown**: listy, tabele, listy zadań.\n\n- [x] Utworzyć witrynę poleceniem `daybook new`\n- [ ] Pisać jeden wpis dziennie\n\nUruchom `daybook build` i otwórz `_site/index.html`.",
            firstMood: "Zaciekawiony", firstWeather: "Bezchmurnie", firstLocation: "Dom",
            secondTitle: "Drugi dzień",
            secondBody: "| Dzień | Kroki |\n|---|---:|\n| czw. | 8042 |\n| pt. | 10\u{A0}311 |\n\nData bez godziny zostaje przy swoim dniu w każdej strefie czasowej.",
            walkTag: "spacer", secondMood: "Spokojny",
            todos: ["Przeczytać README", "Napisać dzisiejszy wpis", "Ustawić baseURL w daybook.json, aby mieć kanał"],
            aboutTitle: "O mnie",
            aboutBody: "Napisz tutaj, kto prowadzi ten dziennik i dlaczego.\n\nTa strona to `pages/about.md`: każdy plik Markdown w `pages/` jest stroną witryny, widoczną w menu u góry. Zmień ją albo usuń."),
        "id": Starter(
            description: "Buku harian yang ditulis dengan Daybook.",
            firstTitle: "Halo, Daybook",
            firstBody: "Ini catatan pertama. Tulis dengan **Markdown** di sini: daftar, tabel, daftar tugas.\n\n- [x] Membuat situs dengan `daybook new`\n- [ ] Menulis satu catatan setiap hari\n\nJalankan `daybook build` lalu buka `_site/index.html`.",
            firstMood: "Penasaran", firstWeather: "Cerah", firstLocation: "Rumah",
            secondTitle: "Hari kedua",
            secondBody: "| Hari | Langkah |\n|---|---:|\n| Kam | 8.042 |\n| Jum | 10.311 |\n\nTanggal tanpa jam tetap pada harinya di setiap zona waktu.",
            walkTag: "jalan-jalan", secondMood: "Tenang",
            todos: ["Membaca README", "Menulis catatan hari ini", "Mengatur baseURL di daybook.json untuk mendapatkan feed"],
            aboutTitle: "Tentang",
            aboutBody: "Tulis di sini siapa yang menulis buku harian ini, dan mengapa.\n\nHalaman ini adalah `pages/about.md`: setiap berkas Markdown di `pages/` adalah halaman situs, tercantum di menu atas. Ubah atau hapus halaman ini."),
        "th": Starter(
            description: "ไดอารี่ที่เขียนด้วย Daybook",
            firstTitle: "สวัสดี Daybook",
            firstBody: "นี่คือบันทึกแรก เขียนด้วย **Markdown** ได้ที่นี่: รายการ ตาราง รายการสิ่งที่ต้องทำ\n\n- [x] สร้างเว็บไซต์ด้วย `daybook new`\n- [ ] เขียนบันทึกวันละเรื่อง\n\nรัน `daybook build` แล้วเปิด `_site/index.html`",
            firstMood: "อยากรู้อยากเห็น", firstWeather: "แจ่มใส", firstLocation: "บ้าน",
            secondTitle: "วันที่สอง",
            secondBody: "| วัน | ก้าว |\n|---|---:|\n| พฤ. | 8,042 |\n| ศ. | 10,311 |\n\nวันที่ที่ไม่มีเวลาจะอยู่ในวันเดิมในทุกเขตเวลา",
            walkTag: "เดินเล่น", secondMood: "สงบ",
            todos: ["อ่าน README", "เขียนบันทึกของวันนี้", "ตั้งค่า baseURL ใน daybook.json เพื่อให้มีฟีด"],
            aboutTitle: "เกี่ยวกับ",
            aboutBody: "เขียนที่นี่ว่าใครเป็นคนเขียนไดอารี่นี้ และเพราะอะไร\n\nหน้านี้คือ `pages/about.md`: ไฟล์ Markdown ทุกไฟล์ใน `pages/` เป็นหน้าหนึ่งของเว็บไซต์ และแสดงในเมนูด้านบน แก้ไขหรือลบหน้านี้ได้"),
        "uk": Starter(
            description: "Щоденник, який ведеться в Daybook.",
            firstTitle: "Привіт, Daybook",
            firstBody: "Це перший запис. Пишіть тут у **Markdown**: списки, таблиці, списки завдань.\n\n- [x] Створити сайт командою `daybook new`\n- [ ] Писати по запису щодня\n\nЗапустіть `daybook build` і відкрийте `_site/index.html`.",
            firstMood: "Цікавість", firstWeather: "Ясно", firstLocation: "Дім",
            secondTitle: "Другий день",
            secondBody: "| День | Кроки |\n|---|---:|\n| чт | 8 042 |\n| пт | 10 311 |\n\nДата без часу лишається у своєму дні в будь-якому часовому поясі.",
            walkTag: "прогулянка", secondMood: "Спокій",
            todos: ["Прочитати README", "Написати сьогоднішній запис", "Вказати baseURL у daybook.json, щоб з’явилася стрічка"],
            aboutTitle: "Про мене",
            aboutBody: "Напишіть тут, хто веде цей щоденник і навіщо.\n\nЦя сторінка — `pages/about.md`: кожен файл Markdown у `pages/` — сторінка сайту, вона є в меню вгорі. Змініть її або видаліть."),
        "vi": Starter(
            description: "Nhật ký viết bằng Daybook.",
            firstTitle: "Xin chào, Daybook",
            firstBody: "Đây là bài viết đầu tiên. Hãy viết bằng **Markdown** ở đây: danh sách, bảng, danh sách việc cần làm.\n\n- [x] Tạo trang web bằng `daybook new`\n- [ ] Mỗi ngày viết một bài\n\nChạy `daybook build` rồi mở `_site/index.html`.",
            firstMood: "Tò mò", firstWeather: "Trời quang", firstLocation: "Nhà",
            secondTitle: "Ngày thứ hai",
            secondBody: "| Ngày | Số bước |\n|---|---:|\n| Th 5 | 8.042 |\n| Th 6 | 10.311 |\n\nNgày không có giờ sẽ giữ nguyên ngày ở mọi múi giờ.",
            walkTag: "đi dạo", secondMood: "Bình yên",
            todos: ["Đọc README", "Viết bài hôm nay", "Đặt baseURL trong daybook.json để có nguồn cấp"],
            aboutTitle: "Giới thiệu",
            aboutBody: "Hãy viết ở đây ai là người viết nhật ký này, và vì sao.\n\nTrang này là `pages/about.md`: mỗi tệp Markdown trong `pages/` là một trang của trang web, có trong menu phía trên. Hãy sửa hoặc xóa trang này."),
        "ru": Starter(
            description: "Дневник, который ведётся в Daybook.",
            firstTitle: "Привет, Daybook",
            firstBody: "Это первая запись. Пишите здесь в **Markdown**: списки, таблицы, списки задач.\n\n- [x] Создать сайт командой `daybook new`\n- [ ] Писать по записи в день\n\nЗапустите `daybook build` и откройте `_site/index.html`.",
            firstMood: "Любопытство", firstWeather: "Ясно", firstLocation: "Дом",
            secondTitle: "Второй день",
            secondBody: "| День | Шаги |\n|---|---:|\n| чт | 8 042 |\n| пт | 10 311 |\n\nДата без времени остаётся в своём дне в любом часовом поясе.",
            walkTag: "прогулка", secondMood: "Спокойствие",
            todos: ["Прочитать README", "Написать сегодняшнюю запись", "Указать baseURL в daybook.json, чтобы появилась лента"],
            aboutTitle: "Обо мне",
            aboutBody: "Напишите здесь, кто ведёт этот дневник и зачем.\n\nЭта страница — `pages/about.md`: каждый файл Markdown в `pages/` — страница сайта, она есть в меню наверху. Измените её или удалите."),
        "ar": Starter(
            description: "يوميات تُكتب بـ Daybook.",
            firstTitle: "مرحبًا، Daybook",
            firstBody: "هذه أول تدوينة. اكتب هنا بـ **Markdown**: قوائم وجداول وقوائم مهام.\n\n- [x] أنشئ موقعًا بـ `daybook new`\n- [ ] اكتب تدوينة كل يوم\n\nشغّل `daybook build` ثم افتح `_site/index.html`.",
            firstMood: "فضولي", firstWeather: "صافٍ", firstLocation: "البيت",
            secondTitle: "اليوم الثاني",
            secondBody: "| اليوم | الخطوات |\n|---|---:|\n| الخميس | 8042 |\n| الجمعة | 10311 |\n\nالتاريخ بلا وقت يبقى في يومه في كل منطقة زمنية.",
            walkTag: "نزهة", secondMood: "هادئ",
            todos: ["اقرأ README", "اكتب تدوينة اليوم", "أضف baseURL في daybook.json للحصول على خلاصة"],
            aboutTitle: "حول",
            aboutBody: "اكتب هنا من يكتب هذه اليوميات ولماذا.\n\nهذه الصفحة هي `pages/about.md`: كل ملف Markdown في `pages/` صفحة من صفحات الموقع تظهر في القائمة في الأعلى. عدّلها أو احذفها."),
    ]
}
