// Daybook's search (docs/search.md). On every page, "/" focuses the header's search field.
// On the results page (search/index.html?q=...), the query runs against the index under
// search/, loaded piece by piece through <script> elements (so it works from file://, where
// fetch does not): meta.js, then the term shard of each word, then the documents of the results
// shown. Nothing loads before there is a query. No dependencies; results are built with DOM
// APIs only (text from the index never goes through innerHTML).
(function () {
  "use strict";
  var field = document.getElementById("site-search-q");
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || !field) return;
    var target = event.target, tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    event.preventDefault();
    field.focus();
    field.select();
  });
  // A year's heat map too wide for the screen opens on today's week, not on the empty weeks after
  // it (the stylesheet opens it on the year's last; found by a visual audit on a phone): today's
  // week is the last one shown, at the scroller's right edge (its left on a right-to-left page,
  // whose weeks run leftwards), clear of the edge's fade. (Putting the first day to come past the
  // edge hid today's week whenever today was not its last day.)
  Array.prototype.forEach.call(document.querySelectorAll(".heatmap-scroll"), function (box) {
    var later = box.querySelector("rect.later");
    if (!later || box.scrollWidth <= box.clientWidth) return;
    var before = later.previousElementSibling;
    var today = before && before.tagName.toLowerCase() === "rect" ? before : later;
    var fade = 2 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    var day = today.getBoundingClientRect(), edge = box.getBoundingClientRect();
    box.scrollLeft += document.documentElement.dir === "rtl" ? day.left - edge.left - fade : day.right - edge.right + fade;
  });
  var root = document.getElementById("search");
  if (!root || !field) return;

  // ---- Folding and terms: the same rules as SearchFolding and SearchTokenizer in the build.
  var MAX_TERM_BYTES = 64;
  var encoder = new TextEncoder();
  function isReadByPairs(v) {  // Han, kana, Thai, Lao, Khmer, Burmese: SearchFolding.isReadByPairs
    if (v < 0x3005) {
      return (v >= 0x0E01 && v <= 0x0E4E) || (v >= 0x0E81 && v <= 0x0ECF) || (v >= 0x0EDC && v <= 0x0EDF) ||
        (v >= 0x1000 && v <= 0x103F) || (v >= 0x1050 && v <= 0x108F) || (v >= 0x109A && v <= 0x109F) ||
        (v >= 0x1780 && v <= 0x17DD);
    }
    return (v >= 0x3005 && v <= 0x3007) || (v >= 0x3040 && v <= 0x30FF) || (v >= 0x31F0 && v <= 0x31FF) ||
      (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xF900 && v <= 0xFAFF) ||
      (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0x20000 && v <= 0x3FFFF);
  }
  function isHangul(v) {
    return (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0x1100 && v <= 0x11FF) || (v >= 0x3130 && v <= 0x318F) ||
      (v >= 0xA960 && v <= 0xA97F) || (v >= 0xD7B0 && v <= 0xD7FF);
  }
  var ASCII = /^[\x00-\x7F]*$/, HANGUL = /^[\uAC00-\uD7A3]+$/;
  // Accents (SearchFolding.isAccent) and the letters that keep theirs through NFD, and Arabic's
  // teh marbuta and alef maksura (plainLetters: ة is ه, ى is ي).
  var ACCENTS = /[\u0300-\u036F\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED]/g;
  var PLAIN = { "\u00DF": "ss", "\u0142": "l", "\u00F8": "o", "\u0111": "d", "\u00F0": "d", "\u00FE": "th", "\u00E6": "ae",
    "\u0153": "oe", "\u0131": "i", "\u0127": "h", "\u0167": "t", "\u03C2": "\u03C3", "\u0629": "\u0647", "\u0649": "\u064A" };
  var PLAIN_LETTER = /[\u00DF\u0142\u00F8\u0111\u00F0\u00FE\u00E6\u0153\u0131\u0127\u0167\u03C2\u0629\u0649]/g;
  // Katakana that has a hiragana letter, which it is in search (SearchFolding.isKatakana): ガ is が.
  var KATAKANA = /[\u30A1-\u30F6]/g;
  function hiragana(c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); }
  // The marks that may make one character with the character read by pairs before them
  // (SearchFolding.isComposingMark): か and U+3099 written apart are が, ｶﾞ is ガ.
  var COMPOSING_MARK = /^[\u3099\u309A\uFF9E\uFF9F\u102E]$/;
  // The zero of each script's ten digits that are read as ASCII ones (SearchFolding.digitZeros).
  var DIGIT_ZEROS = [0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xE50, 0xED0, 0xF20, 0x1040, 0x17E0, 0x1810];
  var DIGIT = new RegExp("[" + DIGIT_ZEROS.map(function (z) {
    return "\\u" + z.toString(16).padStart(4, "0") + "-\\u" + (z + 9).toString(16).padStart(4, "0");
  }).join("") + "]", "g");
  function asciiDigit(c) {
    var v = c.charCodeAt(0);
    for (var i = 0; i < DIGIT_ZEROS.length; i++) if (v >= DIGIT_ZEROS[i] && v < DIGIT_ZEROS[i] + 10) return String(v - DIGIT_ZEROS[i]);
    return c;
  }
  function fold(word) {
    if (ASCII.test(word)) return word.toLowerCase();
    return word.normalize("NFKD").toLowerCase().normalize("NFD").replace(ACCENTS, "").replace(DIGIT, asciiDigit)
      .replace(PLAIN_LETTER, function (c) { return PLAIN[c]; }).replace(KATAKANA, hiragana).normalize("NFC");
  }
  // An Arabic word without the prefix joined to it (SearchFolding.arabicStem, a light stemmer's):
  // و when 3 letters or more stay, then one of ال بال كال فال لل when 2 or more stay; the word
  // itself when none is. The index files a word under both (الشاطئ and شاطئ); a query word finds
  // what starts with it, and what is its own stem (matches).
  var ARTICLES = ["\u0627\u0644", "\u0628\u0627\u0644", "\u0643\u0627\u0644", "\u0641\u0627\u0644", "\u0644\u0644"];
  function stem(term) {
    var c = term.charCodeAt(0);
    if (c !== 0x648 && c !== 0x627 && c !== 0x628 && c !== 0x643 && c !== 0x641 && c !== 0x644) return term;
    var chars = Array.from(term), at = chars[0] === "\u0648" && chars.length >= 4 ? 1 : 0;
    for (var k = 0; k < ARTICLES.length; k++) {
      var article = ARTICLES[k];
      if (chars.length - at >= article.length + 2 && chars.slice(at, at + article.length).join("") === article) { at += article.length; break; }
    }
    return at ? chars.slice(at).join("") : term;
  }
  // Whether a text's term (as eachTerm gives it) is a query word, or begins with it (`prefix`),
  // as the index finds it: the term or its stem is the word or begins with it, or the term or
  // its stem is the word's stem (a query's الشاطئ finds بالشاطئ; its شاطئ finds الشاطئ).
  function matches(term, word, prefix) {
    if (prefix ? term.lastIndexOf(word, 0) === 0 : term === word) return true;
    var s = stem(term), w = stem(word);
    if (s !== term && (prefix ? s.lastIndexOf(word, 0) === 0 : s === word)) return true;
    return w !== word && (term === w || s === w);
  }
  function fitsTerm(f) { return f.length * 3 <= MAX_TERM_BYTES || encoder.encode(f).length <= MAX_TERM_BYTES; }
  // A word starts with a letter or a number (a mark alone, the variation selector after an emoji in
  // `☀️맑음`, starts none: SearchTokenizer); the kana sound marks are kana, as in SearchFolding.isReadByPairs.
  // A soft hyphen, zero-width space, word joiner or byte-order mark inside a word is not seen: the
  // word goes on across it, and a run of Han or kana ends there (SearchTokenizer.isInvisible).
  var WORD = /(?:[\p{L}\p{N}]|[\u3099\u309A])[\p{L}\p{M}\p{N}\u00AD\u200B\u2060\uFEFF]*/gu, INVISIBLE = /^[\u00AD\u200B\u2060\uFEFF]$/;
  // Calls visit(term, start, end) for each term of a text, with the span of the text it comes
  // from; stops when visit returns true.
  function eachTerm(text, visit) {
    var word = WORD, match;
    word.lastIndex = 0;
    while ((match = word.exec(text)) !== null) {
      var w = match[0], at = match.index, plain = "", plainStart = at, cjk = [], offset = 0;
      if (ASCII.test(w)) {  // the usual word: one term, lower case
        if (w.length <= MAX_TERM_BYTES && visit(w.toLowerCase(), at, at + w.length)) return;
        continue;
      }
      if (HANGUL.test(w)) {  // Hangul syllables: one term as written
        if (w.length * 3 <= MAX_TERM_BYTES && visit(w, at, at + w.length)) return;
        continue;
      }
      var chars = Array.from(w);
      for (var n = 0; n < chars.length; n++) {
        var ch = chars[n], s = at + offset;
        offset += ch.length;
        if (INVISIBLE.test(ch)) {
          if (cjk.length) { if (pairs(cjk, visit)) return; cjk = []; }
          continue;
        }
        if (isReadByPairs(ch.codePointAt(0))) {
          if (plain) { if (visitFolded(fold(plain), plainStart, s, visit)) return; plain = ""; }
          var v = ch.codePointAt(0);
          // A sound mark with the kana before it when the two make one character (か and U+3099
          // written apart are が, ｶﾞ is ガ), half-width katakana as full-width and compatibility
          // ideographs unified (NFKC), katakana as hiragana (SearchFolding.widened).
          var next = chars[n + 1], both = next && COMPOSING_MARK.test(next) ? (ch + next).normalize("NFKC") : "";
          if (both && Array.from(both).length === 1) { ch = both; offset += next.length; n++; }
          else if ((v >= 0xFF66 && v <= 0xFF9F) || (v >= 0xF900 && v <= 0xFAFF)) ch = ch.normalize("NFKC");
          ch = ch.replace(KATAKANA, hiragana);
          cjk.push({ c: ch, s: s, e: at + offset });
        } else {
          if (cjk.length) { if (pairs(cjk, visit)) return; cjk = []; }
          if (!plain) plainStart = s;
          plain += ch;
        }
      }
      if (plain && visitFolded(fold(plain), plainStart, at + offset, visit)) return;
      if (cjk.length && pairs(cjk, visit)) return;
    }
  }
  // A folded word's terms: a compatibility form may hold a space or punctuation (`ͺ` is a space
  // and an accent, `½` is `1⁄2`), which part it, as the index's tokenizer parts it (SearchTokenizer).
  function visitFolded(folded, s, e, visit) {
    var parts = folded.split(/[^\p{L}\p{M}\p{N}]+/u);
    for (var k = 0; k < parts.length; k++) {
      if (parts[k] && fitsTerm(parts[k]) && visit(parts[k], s, e)) return true;
    }
    return false;
  }
  // A run of Han or kana: each pair of neighbours, or the one character. (The index also has
  // each run's last character alone, so that one character finds a run it ends: 猫 in 我喜欢猫;
  // a query needs no such term, and a phrase's terms stay side by side without it.)
  // A pair's visit also gets where its second character starts.
  function pairs(cjk, visit) {
    if (cjk.length === 1) return visit(cjk[0].c, cjk[0].s, cjk[0].e);
    for (var k = 0; k + 1 < cjk.length; k++) if (visit(cjk[k].c + cjk[k + 1].c, cjk[k].s, cjk[k + 1].e, cjk[k + 1].s)) return true;
    return false;
  }
  // Never between the two halves of a character beyond the BMP (an emoji): `at` or one before.
  function whole(text, at) {
    var c = text.charCodeAt(at);
    return at > 0 && c >= 0xDC00 && c <= 0xDFFF ? at - 1 : at;
  }
  function hasCJK(text) { return Array.from(text).some(function (c) { return isReadByPairs(c.codePointAt(0)); }); }
  function termsOf(text) {
    var out = [];
    eachTerm(text, function (t) { out.push(t); });
    return out;
  }

  // ---- The index files. Each says the build's stamp (SearchIndex.stamp) and is loaded with it
  // (`t-05.js?v=…`): a cache holds no file of another build under that address, and a mix (a
  // page older than the files it loads) shows as a file that says another stamp.
  var loaded = {}, waiting = {}, loadedFiles = [], stamps = {};
  var STAMP = root.getAttribute("data-stamp") || "", restamped = false;
  window.daybookSearch = function (kind, name, data, stamp) {
    loaded[kind + ":" + name] = data;
    stamps[kind + ":" + name] = kind === "m" ? data && data.stamp : stamp;
  };
  function load(kind, name, file, done) {
    var id = kind + ":" + name;
    if (id in loaded) { done(); return; }
    if (waiting[id]) { waiting[id].push(done); return; }
    waiting[id] = [done];
    var script = document.createElement("script");
    script.src = file + (STAMP ? "?v=" + STAMP : "");
    script.onload = script.onerror = function () {
      if (!(id in loaded)) loaded[id] = null;
      loadedFiles.push(file);
      root.setAttribute("data-loaded", loadedFiles.join(" "));
      var callbacks = waiting[id] || [];
      delete waiting[id];
      callbacks.forEach(function (f) { f(); });
    };
    document.head.appendChild(script);
  }
  function loadAll(items, done) { // items: [kind, name, file]
    var left = items.length;
    var finish = function () {
      for (var i = 0; i < items.length; i++) {
        var stamp = stamps[items[i][0] + ":" + items[i][1]];
        if (stamp && stamp !== STAMP) { restamp(stamp); return; }
      }
      done();
    };
    if (left === 0) { done(); return; }
    items.forEach(function (item) { load(item[0], item[1], item[2], function () { if (--left === 0) finish(); }); });
  }
  // The files are of another build than the page: once, everything again with that build's
  // stamp (new addresses, so nothing cached); a second mix says to reload the page.
  function restamp(stamp) {
    var current = state;
    if (!current) return;
    if (restamped) {
      list.textContent = "";
      more.hidden = true;
      say(root.getAttribute("data-stale"));
      mark("data-ms", current);
      return;
    }
    restamped = true;
    STAMP = stamp;
    loaded = {};
    stamps = {};
    waiting = {};
    meta = null;
    run(current.text, current.composing);
  }
  var meta = null;
  // The number of term shards, from the page: a word's shard loads alongside meta.js.
  var BUCKETS = Number(root.getAttribute("data-buckets")) || 64;
  function keyOf(term) {
    if (term.indexOf(":") >= 0) return term;
    var chars = Array.from(term), first = chars[0].codePointAt(0);
    return isReadByPairs(first) || isHangul(first) ? chars[0] : chars.slice(0, 2).join("");
  }
  function bucketOf(term) {
    var hash = 0x811C9DC5, bytes = encoder.encode(keyOf(term));
    for (var i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
    return hash & (BUCKETS - 1);
  }
  function shardFile(bucket) { return "t-" + (bucket < 16 ? "0" : "") + bucket.toString(16) + ".js"; }
  // The document number's file and place: months are listed newest first with their first number.
  function docPlace(id) {
    var months = meta.months, lo = 0, hi = months.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (months[mid][1] <= id) lo = mid; else hi = mid - 1;
    }
    var month = months[lo], k = Math.floor((id - month[1]) / meta.perShard);
    return { name: month[0] + "-" + k, file: "d-" + month[0] + "-" + k + ".js", index: (id - month[1]) % meta.perShard };
  }
  function doc(id) {
    var place = docPlace(id), shard = loaded["d:" + place.name];
    return shard ? shard[place.index] : null;
  }

  // ---- Queries: words (all must match, by prefix), "phrases", tag:x and year:yyyy; a minus
  // before any of them leaves out the entries that match it (-rain, -"quiet bridge", -tag:work).
  function parse(text, composing) {
    // The hint's examples hold a word joiner after their minus (so "-rain" never breaks apart):
    // copied into the box, it is not part of the query.
    // A soft hyphen, zero-width space or byte-order mark pasted with a word is not part of it, as the index reads them.
    text = text.replace(/[\u00ad\u200b\u2060\ufeff]/g, "");
    // Full-width ASCII, as a Japanese or Chinese input method types it (－雨, tag：散歩), is ASCII
    // here, as the index folds it: a minus, a colon, a quote (found by a Japanese diarist's audit:
    // －雨 listed the rain entries, and tag：散歩 found nothing).
    text = text.replace(/[\uff01-\uff5e]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xfee0); });
    // `loose`: the words not in a phrase, each marked wherever it stands in a result.
    // `runs`: the pairs of each word of three or more Han or kana characters, side by side.
    // `tails`: the syllables the last one of a word being typed may still become (typing), by the word.
    var query = { words: [], loose: [], phrases: [], runs: [], filters: [], tails: {}, not: { words: [], phrases: [], filters: [] } };
    var part = /(-?)(?:(tag|year):"([^"]*)"|(tag|year):(\S*)|"([^"]*)"?|(\S+))/gi, m;
    // Quoted Han and kana alone ("猫", "東京 タワー") are what they are unquoted: a run is read by
    // its pairs side by side already, and a phrase of its terms found nothing (found by a search audit).
    var cjkOnly = function (t) { return /\S/.test(t) && Array.from(t).every(function (c) { return /\s/.test(c) || isReadByPairs(c.codePointAt(0)); }); };
    while ((m = part.exec(text)) !== null) {
      var into = m[1] ? query.not : query;
      var filter = (m[2] || m[4] || "").toLowerCase(), value = m[3] !== undefined ? m[3] : m[5];
      if (m[6] !== undefined && cjkOnly(m[6])) {
        m[6].split(/\s+/).filter(Boolean).forEach(function (w) {
          var pairs = termsOf(w);
          if (!pairs.length) return;
          if (m[1]) { query.not.words.push(pairs); return; }
          query.loose = query.loose.concat(pairs);
          if (pairs.length > 1) query.runs.push(pairs);
          query.words = query.words.concat(pairs);
        });
      } else if (filter) {
        // `tag:` being typed, its name not yet: no search for the word "tag" (found by a search audit:
        // German's Tag matched 236 entries), nor "No entries match".
        if (value.trim()) into.filters.push({ kind: filter, value: value });
        else query.incomplete = true;
      } else if (m[6] !== undefined) {
        var terms = termsOf(m[6]);
        // Its words stand in order, each whole but the last, which is matched by its beginning as
        // a word alone is: "café latte" finds "café latte를" (a Korean particle) and "café lattes".
        // A last word of one Latin letter matches only itself, as it does alone ("plan b").
        if (terms.length) {
          terms.prefixLast = !isExact(terms[terms.length - 1]);
          into.phrases.push(terms);
          if (!m[1]) query.words = query.words.concat(terms);
        }
      } else if (m[1]) {
        // A word that splits (x86-64, e-mail) leaves out its words side by side, as a phrase does
        // (found by a search audit: -e-mail left out "vitamin e and some mail"); Han and kana
        // runs, read by pairs, are left out when all of their pairs are there.
        var group = termsOf(m[7]);
        if (group.length > 1 && !hasCJK(m[7])) { group.prefixLast = true; query.not.phrases.push(group); }
        else if (group.length) query.not.words.push(group);
      } else {
        // A word of words (4.2, x86-64, e-mail) is those words side by side, as a phrase; Han and
        // kana, which are read by pairs of characters, stay words.
        var words = termsOf(m[7]);
        if (composing && m.index + m[0].length === text.length) words = typing(words, query.tails);
        // Its last word is matched by its beginning, as any word is (e-mai finds e-mail as it is typed).
        if (words.length > 1 && !hasCJK(m[7])) { words.prefixLast = true; query.phrases.push(words); }
        else query.loose = query.loose.concat(words);
        if (words.length > 1 && hasCJK(m[7])) query.runs.push(words);
        query.words = query.words.concat(words);
      }
    }
    var seen = {};
    query.words = query.words.filter(function (w) { return seen[w] ? false : (seen[w] = true); });
    return query;
  }
  // A query of nothing to search for (`-`, a lone quote) is no search.
  function isEmpty(query) {
    var not = query.not;
    return !query.words.length && !query.phrases.length && !query.filters.length && !not.words.length && !not.phrases.length && !not.filters.length;
  }
  function filterTerm(filter) {
    if (filter.kind === "year") {
      var year = fold(filter.value);  // year:٢٠٢١ as the page writes the year
      return /^\d{1,6}$/.test(year) ? "year:" + Number(year) : null;
    }
    var wanted = fold(filter.value.trim()).replace(/\s+/g, "-"), key = tagKey(filter.value);
    // A tag's own name, in any case, first: `tag:Café` is Café's, where a tag "cafe" is another
    // (found by a search audit: it gave cafe's entries); then its slug, or the name folded.
    var typed = filter.value.trim().toLowerCase();
    for (var t = 0; t < meta.tags.length; t++) if (meta.tags[t][1].toLowerCase() === typed) return "tag:" + meta.tags[t][0];
    for (var i = 0; i < meta.tags.length; i++) {
      var slug = meta.tags[i][0], name = meta.tags[i][1];
      if (slug === wanted || fold(name).replace(/\s+/g, "-") === wanted || fold(slug) === wanted) return "tag:" + slug;
    }
    // Names that differ only in case, white space, `-` and `_` are one tag (road_trip, Road Trip).
    for (var j = 0; j < meta.tags.length; j++) if (key && tagKey(meta.tags[j][1]) === key) return "tag:" + meta.tags[j][0];
    return null;
  }
  function tagKey(name) { return fold(name.replace(/[\s_-]+/g, "")); }
  // Marks in `marks` (one byte a document) the documents of one term (exact) or of every term it
  // begins: 2 when in a title, else 1.
  function postings(word, exact, marks, tail) {
    var shard = loaded["t:" + bucketOf(word)] || {};
    var add = function (lists) {
      for (var l = 0; l < 2; l++) {
        var id = 0, list = lists[l], mark = l === 0 ? 2 : 1;
        for (var i = 0; i < list.length; i++) {
          id += list[i];
          if (id < marks.length && marks[id] < mark) marks[id] = mark;
        }
      }
    };
    if (exact) {
      if (Object.prototype.hasOwnProperty.call(shard, word)) add(shard[word]);
    } else {
      for (var term in shard) {
        // A filter's term (tag:walk, year:2023) is found by its filter only (found by a Markdown
        // writer's audit: the word "tag" listed the entries of the tags filed beside it).
        if (term.lastIndexOf(word, 0) !== 0 || term.indexOf(":", word.length) >= 0) continue;
        // A word being typed: the next character is a syllable its last one can still become.
        var next = tail ? term.charCodeAt(word.length) : 0;
        if (!tail || (next >= tail[0] && next <= tail[1])) add(shard[term]);
      }
    }
  }
  // A Korean word being typed (the input method's composition, at the end of the field): its last
  // syllable may not be finished, so it matches what that syllable can still become. 한ㄱ, on the
  // way to 한국, finds the words that go on from 한 with a syllable that starts with ㄱ; 한구
  // finds 한국 and 한군 as well as 한구; a final consonant may yet move on to the next syllable, so
  // 바난 (on the way to 바나나) and 학교엣 (학교에서) find what 바나 and 학교에 find (found by a search
  // audit: the results emptied at those steps); a consonant or vowel typed alone (ㅎ) is no word yet.
  // The word's first syllable stays as typed: it picks the word's shard.
  function typing(words, tails) {
    if (!words.length) return words;
    var last = words[words.length - 1], chars = Array.from(last), syllable = function (v) { return v >= 0xAC00 && v <= 0xD7A3; };
    var end = chars[chars.length - 1].codePointAt(0), before = chars.length > 1 ? chars[chars.length - 2].codePointAt(0) : 0;
    var rest = words.slice(0, -1), prefix = chars.slice(0, -1).join("");
    if (end >= 0x1100 && end <= 0x11FF) {  // a letter alone (the field's ㄱ, folded to a conjoining jamo)
      if (!syllable(before)) return rest;
      if (end <= 0x1112) tails[prefix] = [0xAC00 + (end - 0x1100) * 588, 0xAC00 + (end - 0x1100) * 588 + 587];
      return rest.concat([prefix]);
    }
    if (syllable(end) && syllable(before)) {  // the syllable with any final consonant, or none
      var open = end - (end - 0xAC00) % 28;
      tails[prefix] = [open, open + 27];
      return rest.concat([prefix]);
    }
    return words;
  }
  // A word shorter than its shard key (one Latin letter) matches only itself.
  function isExact(word) { return word.indexOf(":") >= 0 || keyOf(word) === word && Array.from(word).length < 2 && !isHangul(word.codePointAt(0)) && !isReadByPairs(word.codePointAt(0)); }

  // The ranked document numbers: most words in the title first, then newest (lowest number)
  // first. A byte a document counts the words it holds and those in its title. A query of only
  // left-out parts ranks every entry but those.
  function rank(query) {
    var last = meta.months[meta.months.length - 1], total = last ? last[1] + last[2] : 0;
    // An Arabic word with a prefix joined to it also finds its stem, whole (stem, matches).
    var part = function (w) { var s = stem(w); return { word: w, exact: isExact(w), stem: s !== w ? s : null }; };
    var parts = query.words.map(function (w) { var p = part(w); p.tail = query.tails[w]; return p; });
    for (var f = 0; f < query.filters.length; f++) {
      var term = filterTerm(query.filters[f]);
      parts.push(term ? { word: term, exact: true } : null);
    }
    // Each group left out: the documents that hold all of its words (a tag the site does not
    // have leaves nothing out).
    var groups = query.not.words.map(function (group) { return group.map(part); });
    query.not.filters.forEach(function (filter) {
      var term = filterTerm(filter);
      if (term) groups.push([{ word: term, exact: true }]);
    });
    // Left-out parts alone list the rest, even when none of them is known (-tag:nosuch lists all).
    var leftOutOnly = parts.length === 0 && (query.not.words.length > 0 || query.not.filters.length > 0 || query.not.phrases.length > 0);
    if (parts.indexOf(null) >= 0 || (parts.length === 0 && !leftOutOnly)) return [];
    var held = new Uint16Array(total), titled = new Uint16Array(total), marks = new Uint8Array(total);
    parts.forEach(function (part) {
      marks.fill(0);
      postings(part.word, part.exact, marks, part.tail);
      if (part.stem) postings(part.stem, true, marks);
      for (var id = 0; id < total; id++) {
        if (marks[id] === 0) continue;
        held[id]++;
        if (marks[id] === 2) titled[id]++;
      }
    });
    var out = new Uint8Array(total), count = new Uint16Array(total);
    groups.forEach(function (group) {
      count.fill(0);
      group.forEach(function (part) {
        marks.fill(0);
        postings(part.word, part.exact, marks);
        if (part.stem) postings(part.stem, true, marks);
        for (var id = 0; id < total; id++) if (marks[id] !== 0) count[id]++;
      });
      for (var id = 0; id < total; id++) if (count[id] === group.length) out[id] = 1;
    });
    var results = [];
    for (var score = parts.length; score >= 0; score--) {
      for (var id = 0; id < total; id++) if (held[id] === parts.length && titled[id] === score && !out[id]) results.push(id);
    }
    return results;
  }
  // Whether a text's term is the phrase's k-th: itself, or (its last) a term that begins with it.
  function termIs(term, phrase, k) {
    return matches(term, phrase[k], phrase.prefixLast && k === phrase.length - 1);
  }
  // Where `phrase` (its terms) first stands in `text`: from its first term's start to its last's end.
  function phraseAt(text, phrase) {
    var terms = [];
    eachTerm(text, function (t, s, e) { terms.push([t, s, e]); });
    outer: for (var i = 0; i + phrase.length <= terms.length; i++) {
      for (var k = 0; k < phrase.length; k++) if (!termIs(terms[i + k][0], phrase, k)) continue outer;
      return { start: terms[i][1], end: terms[i + phrase.length - 1][2] };
    }
    return null;
  }
  // Whether the phrase is in one of the entry's fields: its title, its text, a tag, its mood,
  // weather or location (a record's sixth field); never across two (a title's last word and the
  // text's first are not side by side).
  function hasPhrase(record, phrase) {
    var fields = [record[0], record[4]].concat(record[3].map(function (t) { return t[0]; }), record[5] || []);
    return fields.some(function (field) {
      var terms = termsOf(field);
      outer: for (var i = 0; i + phrase.length <= terms.length; i++) {
        for (var k = 0; k < phrase.length; k++) if (!termIs(terms[i + k], phrase, k)) continue outer;
        return true;
      }
      return false;
    });
  }

  // ---- Showing results.
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var more = document.getElementById("search-more");
  // How to search is shown only where searching works (no "press /" without JavaScript).
  var hint = root.querySelector(".search-hint");
  if (hint) hint.hidden = false;
  var PAGE = 20, EXCERPT = 220;
  // "Mood: ", "Weather: ", "Location: " as the site's language writes them (data-field-labels,
  // one a line).
  var FIELD_LABELS = (root.getAttribute("data-field-labels") || "").split("\n");
  var state = null;
  // The span of the text (start, end) that a word of the query found in a term standing at
  // s..e: the term when the word starts it (or is it, for a word that matches only itself: one
  // Latin letter), or for a word of one Han or kana character, that character alone, first or
  // second of a pair (`second`: where the pair's second character starts): 猫 in 欢猫. Null when none.
  function hitIn(term, s, e, second, words) {
    for (var i = 0; i < words.length; i++) {
      var word = words[i], one = second !== undefined && Array.from(word).length === 1 && isReadByPairs(word.codePointAt(0));
      if (matches(term, word, !isExact(word))) return one ? [s, second] : [s, e];
      if (one && term.length > word.length && term.slice(term.length - word.length) === word) return [second, e];
    }
    return null;
  }
  // Appends `text` to `parent`, each phrase of the query and each other word that matches it
  // inside a <mark>; `from`..`to` only.
  function appendMarked(parent, text, query, from, to) {
    var at = from, terms = [], mark = null;
    eachTerm(text.slice(from, to), function (t, s, e, second) { terms.push([t, s + from, e + from, second === undefined ? undefined : second + from]); return false; });
    for (var i = 0; i < terms.length; i++) {
      var end = -1, length = 1;
      for (var p = 0; p < query.phrases.length && end < 0; p++) {
        var phrase = query.phrases[p], k = 0;
        while (k < phrase.length && i + k < terms.length && termIs(terms[i + k][0], phrase, k)) k++;
        if (k === phrase.length) { end = terms[i + k - 1][2]; length = k; }
      }
      var start = terms[i][1];
      if (end < 0) {
        var hit = hitIn(terms[i][0], start, terms[i][2], terms[i][3], query.loose);
        if (hit) { start = hit[0]; end = hit[1]; }
      }
      if (end < 0) continue;
      if (start < at) {
        // A hit that overlaps the last mark (Han and kana pairs: 東京, 京タ, タワ, ワー) makes it
        // longer, so a run is marked whole: <mark>東京タワー</mark>.
        if (mark && end > at) { mark.textContent += text.slice(at, end); at = end; }
        continue;
      }
      if (start > at) parent.appendChild(document.createTextNode(text.slice(at, start)));
      mark = document.createElement("mark");
      mark.textContent = text.slice(start, end);
      parent.appendChild(mark);
      at = end;
      i += length - 1;
    }
    if (at < to) parent.appendChild(document.createTextNode(text.slice(at, to)));
  }
  // A text fragment (#:~:text=) finds only whole words, as the browser's word breaker reads
  // them, and it reads Han and kana by a dictionary: a pair of them often ends inside a word
  // (楽し of 楽|しか|っ|た, 東京都 of 東京|都庁), so a match in Han or kana is widened to the
  // words it touches (楽しか, 東京都庁), as Intl.Segmenter reads them; without it, left as it is.
  var segmenter = null;
  // A match inside a word of letters, digits and `_` (`gadget` of `frobnicate_gadget`) is that
  // whole word: a text fragment finds whole words only (found by a search audit: the page opened
  // at its top).
  var WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
  function fragmentText(text, s, e) {
    if (!hasCJK(text.slice(s, e))) {
      while (s > 0 && WORD_CHAR.test(text.charAt(s - 1))) s--;
      while (e < text.length && WORD_CHAR.test(text.charAt(e))) e++;
      return text.slice(s, e);
    }
    if (typeof Intl === "undefined" || !Intl.Segmenter) return text.slice(s, e);
    var from = s, to = e, c;
    while (from > 0 && isReadByPairs(text.codePointAt(whole(text, from - 1)))) from = whole(text, from - 1);
    while (to < text.length && isReadByPairs(c = text.codePointAt(to))) to += c > 0xFFFF ? 2 : 1;
    segmenter = segmenter || new Intl.Segmenter(undefined, { granularity: "word" });
    var start = s, end = e;
    Array.from(segmenter.segment(text.slice(from, to))).forEach(function (part) {
      var ps = from + part.index, pe = ps + part.segment.length;
      if (ps <= s && s < pe) start = ps;
      if (ps < e && e <= pe) end = pe;
    });
    return text.slice(start, end);
  }
  // The excerpt of `text` around its first match; `found.word` gets that match as written, as
  // its link's text fragment needs it (fragmentText).
  function excerpt(text, query, found) {
    var p = document.createElement("p");
    p.className = "search-excerpt";
    p.dir = "auto";
    var first = 0, folded = fold(text);
    // A phrase search's excerpt and link go to the phrase, not to its first word anywhere.
    var phrase = query.phrases.length ? phraseAt(text, query.phrases[0]) : null;
    // So does a run of Han or kana where it stands whole (東京都, not the first 東京).
    for (var r = 0; !phrase && r < query.runs.length; r++) phrase = phraseAt(text, query.runs[r]);
    if (phrase) {
      first = phrase.start;
      found.word = fragmentText(text, phrase.start, phrase.end);
    } else if (query.words.some(function (w) { return folded.indexOf(stem(w)) >= 0; })) {
      // Every term is a part of the folded text, so a text without any word of the query (or its
      // stem, a part of it) as a part of it (an entry found by its title or its place) needs no
      // reading word by word.
      eachTerm(text, function (term, s, e, second) {
        var hit = hitIn(term, s, e, second, query.words);
        if (!hit) return false;
        first = hit[0];
        found.word = fragmentText(text, hit[0], hit[1]);
        return true;
      });
    }
    var start = whole(text, Math.max(0, first - 60));
    if (start > 0) { var space = text.indexOf(" ", start); start = space >= 0 && space < first ? space + 1 : start; }
    var end = whole(text, Math.min(text.length, start + EXCERPT));
    if (end < text.length) { var back = text.lastIndexOf(" ", end); if (back > first) end = back; }
    if (start > 0) p.appendChild(document.createTextNode("… "));
    appendMarked(p, text, query, start, end);
    if (end < text.length) p.appendChild(document.createTextNode(" …"));
    return p;
  }
  // The query as one result marks it: a run of Han or kana (ラーメン) that stands whole in one of
  // the entry's fields is marked only whole, as a phrase is, and its pairs are no words of their
  // own there (found by a Japanese diarist's audit: ラーメン marked メン in メンバー, and a body's
  // 雨の hid the weather 雨の日 that matched). A run found only in pieces is still marked by its pairs.
  function forRecord(record, query) {
    var standing = query.runs.filter(function (run) { return hasPhrase(record, run); });
    if (!standing.length) return query;
    var loose = query.loose.slice();
    standing.forEach(function (run) {
      run.forEach(function (pair) { var at = loose.indexOf(pair); if (at >= 0) loose.splice(at, 1); });
    });
    var marked = Object.create(query);
    marked.phrases = query.phrases.concat(standing);
    marked.loose = loose;
    marked.words = query.words.filter(function (w) { return loose.indexOf(w) >= 0 || !standing.some(function (run) { return run.indexOf(w) >= 0; }); });
    marked.runs = standing;
    return marked;
  }
  function item(record, wanted) {
    var query = forRecord(record, wanted);
    var li = document.createElement("li");
    li.className = "entry-item search-result";
    var link = document.createElement("a");
    link.className = "entry-link";
    // As the lists the build writes: the title in its own direction, the row in the page's
    // (an Arabic title on an English site keeps the date beside it written left to right).
    link.dir = "auto";
    link.href = record[2];
    appendMarked(link, record[0], query, 0, record[0].length);
    li.appendChild(link);
    var date = document.createElement("span");
    date.className = "entry-date";
    date.textContent = record[1];
    li.appendChild(date);
    // A draft or a later entry, in a build that has them (a record's seventh field, its kind):
    // labelled as the lists label it, in the words of the page's data-status-<kind>.
    if (record[6]) {
      var statusLabel = document.createElement("span");
      statusLabel.className = "status-label status-" + record[6];
      statusLabel.textContent = root.getAttribute("data-status-" + record[6]) || "";
      li.appendChild(statusLabel);
    }
    if (record[3].length) {
      var tags = document.createElement("span");
      tags.className = "entry-tags";
      record[3].forEach(function (t) {
        var a = document.createElement("a");
        a.className = "tag";
        a.dir = "auto";
        a.href = t[1];
        // A tag the query found is marked, as a word of the text is.
        appendMarked(a, t[0], query, 0, t[0].length);
        tags.appendChild(a);
      });
      li.appendChild(tags);
    }
    var found = { word: "" };
    li.appendChild(excerpt(record[4], query, found));
    // Found by its mood, weather or place (a record's sixth field: the three in that order, ""
    // for none) rather than its text: that field, labelled and marked, says why (found by a
    // search audit: nothing did, then the value stood without its name).
    if (!found.word && record[5]) {
      for (var f = 0; f < record[5].length; f++) {
        if (!record[5][f]) continue;
        var why = document.createElement("p");
        why.className = "search-excerpt search-field";
        var label = document.createElement("span");
        label.className = "search-field-label";
        label.textContent = FIELD_LABELS[f] || "";
        var value = document.createElement("bdi");
        appendMarked(value, record[5][f], query, 0, record[5][f].length);
        why.appendChild(label);
        why.appendChild(value);
        if (value.querySelector("mark")) { li.appendChild(why); break; }
      }
    }
    // A text fragment (#:~:text=…): the browser scrolls the entry's page to the first match and
    // marks it; a browser without them opens the page at its top.
    if (found.word) link.href = record[2] + "#:~:text=" + encodeURIComponent(found.word).replace(/-/g, "%2D");
    return li;
  }
  // The status is a live region: it changes only when its words do, and "Searching…" shows only
  // for a search that takes a while, so that a screen reader is not told at each key (found by a
  // search audit: "Searching…" eight times while a word was typed).
  var loadingTimer = 0;
  function say(text) {
    clearTimeout(loadingTimer);
    if (status.textContent !== text) status.textContent = text;
  }
  function sayLoading() {
    clearTimeout(loadingTimer);
    loadingTimer = setTimeout(function () { status.textContent = root.getAttribute("data-loading"); }, 300);
  }
  // The count as the site's locale writes numbers (NumberShape in the build: its digits, group
  // separator and group sizes), without the browser's number formatting, which takes 15-35 ms
  // to load on a freshly opened page.
  var DIGITS = Array.from(root.getAttribute("data-digits") || "0123456789"), GROUP = root.getAttribute("data-group") || "";
  var SIZES = (root.getAttribute("data-group-sizes") || "3,3,4").split(",").map(Number);
  function number(n) {
    var plain = String(n), out = "", left = plain.length;
    for (var i = 0; i < plain.length; i++) {
      out += DIGITS[plain.charCodeAt(i) - 48] || plain[i];
      left--;
      if (GROUP && plain.length >= SIZES[2] && left > 0 &&
          (left === SIZES[0] || (left > SIZES[0] && (left - SIZES[0]) % SIZES[1] === 0))) out += GROUP;
    }
    return out;
  }
  // The count in the plural form the language's rule gives it: data-plural holds the category of
  // each count below 200 by its initial, and a larger one is read as 100 + its last two digits.
  // A theme's older page has data-count-one and data-count-many alone. `atLeast`: more may match
  // (a phrase search that has not read every candidate yet): "20+".
  var CATEGORY = { z: "zero", o: "one", t: "two", f: "few", m: "many", x: "other" };
  function countText(n, atLeast) {
    var rule = root.getAttribute("data-plural");
    var text = rule ? root.getAttribute("data-count-" + (CATEGORY[rule.charAt(n < 200 ? n : 100 + n % 100)] || "other"))
                    : root.getAttribute(n === 1 && !atLeast ? "data-count-one" : "data-count-many");
    return (text || "").replace("{n}", number(n) + (atLeast ? "+" : ""));
  }
  // Shows the next PAGE results of the current search, once the documents of all of them are
  // loaded (painting them as they come makes the browser lay the page out again between the
  // loads, which takes longer); a phrase search checks candidates in rank order until it has a
  // page of them.
  function showMore(current) {
    if (current.query.phrases.length || current.query.not.phrases.length) { showPhraseMatches(current); return; }
    var ids = current.ids.slice(current.next, current.next + PAGE), files = {};
    current.next += ids.length;
    ids.forEach(function (id) { var place = docPlace(id); files[place.name] = ["d", place.name, place.file]; });
    loadAll(Object.keys(files).map(function (k) { return files[k]; }), function () {
      if (state !== current) return;
      if (!current.cleared) { list.textContent = ""; current.cleared = true; }
      ids.forEach(function (id) {
        var record = doc(id);
        if (!record) return;
        list.appendChild(item(record, current.query));
        current.shown++;
      });
      say(countText(current.ids.length));
      more.hidden = current.next >= current.ids.length;
      mark("data-ms", current);
      shown(current);
    });
  }
  function showPhraseMatches(current) {
    var wanted = [], batch = [], files = {};
    var pick = function () {
      while (current.next < current.ids.length && batch.length < PAGE * 2) {
        var place = docPlace(current.ids[current.next]);
        batch.push(current.ids[current.next++]);
        if (!files[place.name]) files[place.name] = ["d", place.name, place.file];
      }
    };
    var round = function () {
      var start = current.next;
      pick();
      var items = Object.keys(files).map(function (k) { return files[k]; });
      files = {};
      loadAll(items, function () {
        if (state !== current) return;
        // Candidates are read in rank order until a page is full and one more matches (left for
        // "Show more", which reads it again), or none is left: a count with "+" has more to show,
        // one without is all of them (20 matches of more candidates said "20+").
        var checked = 0, further = false;
        for (; checked < batch.length; checked++) {
          var record = doc(batch[checked]);
          if (record && current.query.phrases.every(function (p) { return hasPhrase(record, p); }) &&
              !current.query.not.phrases.some(function (p) { return hasPhrase(record, p); })) {
            if (wanted.length === PAGE) { further = true; break; }
            wanted.push(record);
          } else current.rejected++;
        }
        current.next = start + checked;
        batch = [];
        if (!further && current.next < current.ids.length) { round(); return; }
        if (!current.cleared) { list.textContent = ""; current.cleared = true; }
        wanted.forEach(function (record) { list.appendChild(item(record, current.query)); });
        current.shown += wanted.length;
        var done = current.next >= current.ids.length;
        more.hidden = done;
        say(current.shown === 0 ? root.getAttribute("data-none") : done ? countText(current.shown) : countText(current.shown, true));
        mark("data-ms", current);
        shown(current);
      });
    };
    round();
  }
  function shown(current) {
    if (current.onShown) { var then = current.onShown; current.onShown = null; then(); }
    // Back from a result opened after "Show more": as many results as were shown, and the place
    // the page was scrolled to (found by a search audit: 20 again, the entry opened out of them).
    if (current.restore) {
      if (current.shown < current.restore.shown && !more.hidden) { showMore(current); return; }
      var y = current.restore.y;
      current.restore = null;
      window.scrollTo(0, y);
    }
  }
  // What to come back to: the query, how many results show, and the scroll, kept in the history
  // entry when the page is left.
  window.addEventListener("pagehide", function () {
    if (!state || !window.history || !history.replaceState) return;
    try { history.replaceState({ q: state.text, shown: state.shown, y: window.scrollY }, ""); } catch (e) { /* file:// in some browsers */ }
  });
  // data-ms: how long a search took until its page of results was on the page (make bench reads it).
  function mark(name, current) { root.setAttribute(name, String(Math.round(performance.now() - current.started))); }
  // Says that nothing matched (and clears the last search's results).
  function none(current) {
    list.textContent = "";
    current.cleared = true;
    say(root.getAttribute("data-none"));
    mark("data-ms", current);
  }
  // The page's title names the search it shows (data-title: "“{query}” · Search · Site" in the
  // site's language), so that tabs of several searches tell them apart; no query, the page's own.
  // A query of one phrase alone is in those quotes without its own ("quiet bridge": “quiet bridge”).
  var PAGE_TITLE = document.title, QUERY_TITLE = root.getAttribute("data-title");
  function title(query) {
    if (!QUERY_TITLE) return;
    var shown = /^"[^"]+"$/.test(query) ? query.slice(1, -1) : query;
    document.title = query ? QUERY_TITLE.replace("{query}", function () { return shown; }) : PAGE_TITLE;
  }
  // Runs a search: meta.js and the shards of its words load at once (a filter's shard, which
  // needs the tag names in meta.js, after it). The last search's results stay until new ones
  // are painted.
  function run(text, composing) {
    var current = { text: text, composing: composing, ids: [], next: 0, shown: 0, rejected: 0, query: parse(text, composing),
                    started: performance.now(), cleared: false };
    // A letter being typed alone (ㅎ, on the way to 한) is no search yet: the last one's results stay.
    if (composing && isEmpty(current.query)) return;
    // So do they when a syllable being typed finds nothing yet (치, on the way to 친구와: found by
    // a Korean diarist's audit, "no entries match" flashed between two searches that found seven).
    var before = composing && state && list.firstChild ? { state: state, said: status.textContent, more: more.hidden, title: document.title } : null;
    state = current;
    root.removeAttribute("data-kept");
    root.removeAttribute("data-ms");
    more.hidden = true;
    // Nothing to search for (`-`, a lone quote: a query being typed) is no search, and the page
    // keeps its own title; emoji and other symbols, which are not words of the index, match nothing.
    var nothing = !text.trim() || isEmpty(current.query), typed = /[^\s"\u2060-]/.test(text) && !current.query.incomplete;
    title(nothing && !typed ? "" : text.trim());
    if (nothing) {
      list.textContent = "";
      say(typed ? root.getAttribute("data-none") : "");
      return;
    }
    sayLoading();
    var query = current.query, files = { m: ["m", "0", root.getAttribute("data-meta")] };
    // The shards of the words left out load too.
    var words = query.not.words.reduce(function (all, group) { return all.concat(group); }, query.words);
    words.forEach(function (w) {
      [w, stem(w)].forEach(function (t) { var b = bucketOf(t); files[b] = ["t", String(b), shardFile(b)]; });
    });
    loadAll(Object.keys(files).map(function (k) { return files[k]; }), function () {
      meta = loaded["m:0"];
      if (state !== current || !meta) return;
      var filters = {};
      query.filters.concat(query.not.filters).forEach(function (f) {
        var t = filterTerm(f);
        if (t) { var b = bucketOf(t); filters[b] = ["t", String(b), shardFile(b)]; }
      });
      loadAll(Object.keys(filters).map(function (k) { return filters[k]; }), function () {
        if (state !== current) return;
        current.ids = rank(query);
        if (current.ids.length === 0 && before) {
          state = before.state;
          more.hidden = before.more;
          document.title = before.title;
          say(before.said);
          root.setAttribute("data-kept", "");
          mark("data-ms", current);
          return;
        }
        if (current.ids.length === 0) { none(current); return; }
        showMore(current);
      });
    });
  }
  // "Show more" hides itself after the last results: keyboard focus goes on to the first new one,
  // or, when a phrase's last candidates held none, stays on the last result (it fell to the page's
  // top: found by a search audit).
  more.addEventListener("click", function () {
    if (!state) return;
    var before = links().length, current = state;
    current.onShown = function () {
      if (document.activeElement !== more && document.activeElement !== document.body) return;
      var all = links(), added = all[before] || (more.hidden ? all[all.length - 1] || field : null);
      if (added) added.focus();
    };
    showMore(current);
  });

  // Arrow keys: from the field to the first result, between results, on to "Show more", and
  // back up to the field.
  function links() { return Array.prototype.slice.call(list.querySelectorAll(".entry-link")); }
  field.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { var all = links(); if (all.length) { event.preventDefault(); all[0].focus(); } }
  });
  list.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    var all = links(), at = all.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === "ArrowDown" && at + 1 < all.length) all[at + 1].focus();
    else if (event.key === "ArrowDown" && !more.hidden) more.focus();
    else if (event.key === "ArrowUp") (at > 0 ? all[at - 1] : field).focus();
  });
  more.addEventListener("keydown", function (event) {
    var all = links();
    if (event.key !== "ArrowUp" || !all.length) return;
    event.preventDefault();
    all[all.length - 1].focus();
  });
  // Arriving from another page's search field, nothing has focus: the down arrow goes to the
  // first result (it did nothing: found by a search audit).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowDown" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    var all = links();
    if (!all.length) return;
    event.preventDefault();
    all[0].focus();
  });

  // The field searches as you type; the address keeps ?q= so a search can be linked to.
  // What an input method is composing (compositionupdate's text): Latin letters there are the
  // sounds of words not yet written (pinyin, a Japanese word typed in romaji), no search until
  // they are; Hangul is the text itself (see typing).
  var composition = "";
  function update(event) {
    var text = field.value, composing = Boolean(event && event.isComposing);
    if (composing && /[A-Za-z]/.test(composition)) return;
    // The address first: a field emptied after one letter (no search) kept ?q=b (found by a search audit).
    if (window.history && history.replaceState) {
      try { history.replaceState(null, "", text ? "?q=" + encodeURIComponent(text) : location.pathname); } catch (e) { /* file:// in some browsers */ }
    }
    if (state && state.text === text && state.composing === composing) return;
    // One Latin letter typed is the start of a word, not yet a search: it matches only itself, and
    // "No entries match" flashed at each first letter (found by a search audit). Asked for (Enter,
    // a link with ?q=a), it runs.
    if (event && event.type === "input" && /^\s*[A-Za-z]\s*$/.test(text)) { run("", false); return; }
    run(text, composing);
  }
  // Each keystroke searches at once: a newer search drops an older one's results as they arrive.
  field.addEventListener("input", update);
  field.addEventListener("compositionupdate", function (event) { composition = event.data || ""; });
  // The end of a composition searches the text as written (an input method may send no input
  // event after it, and the text may be what it was while composed).
  field.addEventListener("compositionend", function () { composition = ""; update(); });
  field.form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  var initial = new URLSearchParams(location.search).get("q");
  var back = window.history && history.state && typeof history.state.shown === "number" && history.state.q === initial ? history.state : null;
  if (back && "scrollRestoration" in history) history.scrollRestoration = "manual";
  if (initial) {
    field.value = initial;
    update();
    if (back && state) state.restore = { shown: back.shown, y: back.y || 0 };
  }
})();
