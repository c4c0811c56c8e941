/* IndexSite: search over the lists' indexes, fetching only the pieces a query needs. No framework.
   - window.indexsiteSearch.list(url): one list's index (the whole-list search of a split list uses it)
   - the home page's search box: every list at once, results grouped by list
   Each list's index (written at build time, see docs/SEARCH.md) is a manifest (search/index.js), shards of
   postings by word prefix (search/s/N.js) and chunks of the entries' display data (search/e/N.js). Every file is
   a call indexsiteSearchChunk(JSON): from file:// it is loaded as a script, over HTTP fetched and parsed as JSON. */
(function () {
  'use strict';

  var doc = document;
  var CALL_PREFIX = 'indexsiteSearchChunk(', CALL_SUFFIX = ');\n';
  var viaScript = location.protocol === 'file:';

  // ---- Loading pieces ---------------------------------------------------------
  // From file:// a piece is a script; it hands its data to this global, which knows the piece by the script's address.
  var pending = new Map();
  window.indexsiteSearchChunk = function (data) {
    var script = doc.currentScript, waiting = script && pending.get(script.src);
    if (!waiting) return;
    pending.delete(script.src);
    waiting.resolve(data);
  };

  function loadByScript(url) {
    return new Promise(function (resolve, reject) {
      pending.set(url, { resolve: resolve });
      var script = doc.createElement('script');
      script.src = url;
      script.onload = function () {
        script.remove();
        if (pending.has(url)) { pending.delete(url); reject(new Error(url)); }
      };
      script.onerror = function () { script.remove(); pending.delete(url); reject(new Error(url)); };
      doc.head.appendChild(script);
    });
  }

  function loadPiece(url) {
    if (viaScript || !window.fetch) return loadByScript(url);
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(response.status + ' ' + url);
      return response.text();
    }).then(function (text) {
      var start = text.indexOf(CALL_PREFIX), end = text.lastIndexOf(CALL_SUFFIX);
      if (start !== 0 || end < 0) throw new Error(url);
      return JSON.parse(text.slice(CALL_PREFIX.length, end));
    });
  }

  // ---- Search forms -----------------------------------------------------------
  // The index holds words in their search form, each character replaced by its form in the list's table (made by
  // the build from ICU, the same table the page's filter folds by): the query is folded by the same table.
  function folder(groups) {
    var table = {};
    groups.forEach(function (group) {
      Object.keys(group || {}).forEach(function (form) { for (var ch of group[form]) table[ch] = form; });
    });
    var keys = Object.keys(table);
    if (!keys.length) return function (s) { return s; };
    var pattern = new RegExp('[' + keys.map(function (k) { return k.replace(/[\\\]\[^-]/g, '\\$&'); }).join('') + ']', 'gu');
    function one(ch) { return table[ch]; }
    return function (s) { return s.replace(pattern, one); };
  }
  // A query's words: runs of letters, marks and digits, as the build splits the entries' texts.
  var WORD = /[\p{L}\p{M}\p{N}]+/gu;

  // ---- One list's index -------------------------------------------------------

  function List(manifestURL) {
    this.url = new URL(manifestURL, location.href).href;
    this.base = new URL('../', this.url).href;          // the list's folder: the manifest's pages are relative to it
    this.ready = null;
    this.files = new Map();
    this.chunks = new Map();
  }

  List.prototype.open = function () {
    var self = this;
    if (!self.ready) {
      self.ready = loadPiece(self.url).then(function (manifest) {
        self.manifest = manifest;
        self.fold = folder([manifest.fold, manifest.foldMore]);
        return manifest;
      });
      self.ready.catch(function () { self.ready = null; });
    }
    return self.ready;
  };

  // The words of a query in search form, each once.
  List.prototype.terms = function (query) {
    var seen = {}, terms = [];
    (this.fold(query).match(WORD) || []).forEach(function (t) { if (!seen[t]) { seen[t] = true; terms.push(t); } });
    return terms;
  };

  // The shard files a word needs: a leaf [prefix, exact, file] holds every word starting with its prefix (or, exact,
  // the prefix alone), so a query word needs the leaves its words can be in.
  List.prototype.filesFor = function (term) {
    var files = [];
    this.manifest.keys.forEach(function (leaf) {
      var prefix = leaf[0];
      if (prefix.indexOf(term) === 0 || (!leaf[1] && term.indexOf(prefix) === 0)) {
        if (files.indexOf(leaf[2]) < 0) files.push(leaf[2]);
      }
    });
    return files;
  };

  List.prototype.file = function (n) {
    var self = this;
    if (!self.files.has(n)) {
      var p = loadPiece(new URL('s/' + n + '.js', self.url).href);
      self.files.set(n, p);
      p.catch(function () { self.files.delete(n); });
    }
    return self.files.get(n);
  };

  List.prototype.chunk = function (n) {
    var self = this;
    if (!self.chunks.has(n)) {
      var p = loadPiece(new URL('e/' + n + '.js', self.url).href);
      self.chunks.set(n, p);
      p.catch(function () { self.chunks.delete(n); });
    }
    return self.chunks.get(n);
  };

  // The entries (ascending) holding a word that starts with `term`, from the shards already loaded.
  function entriesOf(term, shards) {
    var lists = [], total = 0;
    shards.forEach(function (shard) {
      for (var i = 0; i < shard.w.length; i++) {
        if (shard.w[i].indexOf(term) !== 0) continue;
        var deltas = shard.p[i], out = new Int32Array(deltas.length), at = 0;
        for (var k = 0; k < deltas.length; k++) { at += deltas[k]; out[k] = at; }
        lists.push(out);
        total += out.length;
      }
    });
    if (lists.length === 1) return lists[0];
    var all = new Int32Array(total), pos = 0;
    lists.forEach(function (l) { all.set(l, pos); pos += l.length; });
    all.sort();
    var n = 0;
    for (var i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i];
    return all.subarray(0, n);
  }

  function intersect(a, b) {
    var out = new Int32Array(Math.min(a.length, b.length)), n = 0, i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) i++; else if (a[i] > b[j]) j++; else { out[n++] = a[i]; i++; j++; }
    }
    return out.subarray(0, n);
  }

  // Searches the list: resolves to { count, total, hits: [{ title, href, section, text }] } (the first `limit`
  // matches in page order), or null for a query without words. Marks "indexsite-search-shards" when the shards it
  // needed have arrived, and "indexsite-search-pieces" when the display data of the results shown has too.
  List.prototype.search = function (query, limit) {
    var self = this;
    return self.open().then(function (manifest) {
      var terms = self.terms(query);
      if (!terms.length) return null;
      var needs = terms.map(function (t) { return self.filesFor(t); });
      var all = [];
      needs.forEach(function (files) { files.forEach(function (f) { if (all.indexOf(f) < 0) all.push(f); }); });
      return Promise.all(all.map(function (f) { return self.file(f); })).then(function (loaded) {
        if (performance.mark) performance.mark('indexsite-search-shards');
        var byFile = new Map();
        all.forEach(function (f, i) { byFile.set(f, loaded[i]); });
        var sets = terms.map(function (t, i) { return entriesOf(t, needs[i].map(function (f) { return byFile.get(f); })); });
        sets.sort(function (a, b) { return a.length - b.length; });
        var found = sets[0];
        for (var s = 1; s < sets.length && found.length; s++) found = intersect(found, sets[s]);
        var shown = Array.prototype.slice.call(found.subarray(0, limit));
        var size = manifest.chunk, chunkNumbers = [];
        shown.forEach(function (e) { var c = Math.floor(e / size); if (chunkNumbers.indexOf(c) < 0) chunkNumbers.push(c); });
        return Promise.all(chunkNumbers.map(function (c) { return self.chunk(c); })).then(function (chunks) {
          if (performance.mark) performance.mark('indexsite-search-pieces');
          var byChunk = new Map();
          chunkNumbers.forEach(function (c, i) { byChunk.set(c, chunks[i]); });
          return {
            count: found.length, total: manifest.entries,
            hits: shown.map(function (e) {
              var r = byChunk.get(Math.floor(e / size))[e % size], section = manifest.sections[r[1]];
              return { title: r[0], href: self.base + section[1] + '#' + encodeURIComponent(r[2]), section: section[0], text: r[3] };
            })
          };
        });
      });
    });
  };

  var lists = new Map();
  window.indexsiteSearch = {
    // The index whose manifest is at `url` (relative to the page), opened once per page.
    list: function (url) {
      var key = new URL(url, location.href).href;
      if (!lists.has(key)) lists.set(key, new List(key));
      return lists.get(key);
    },
    // One result as a list item of the theme's search results.
    resultItem: function (hit) {
      var li = doc.createElement('li');
      var a = doc.createElement('a');
      a.className = 'search-result-title';
      a.href = hit.href;
      a.textContent = hit.title;
      li.appendChild(a);
      var where = doc.createElement('span');
      where.className = 'search-result-section';
      where.textContent = hit.section;
      li.appendChild(where);
      if (hit.text) {
        var more = doc.createElement('span');
        more.className = 'search-result-text';
        more.textContent = hit.text;
        li.appendChild(more);
      }
      return li;
    }
  };

  // ---- The home page's search over every list -----------------------------------

  (function siteSearch() {
    var input = doc.getElementById('indexsite-site-search');
    var box = doc.querySelector('.site-search-results');
    if (!input || !box) return;
    var status = doc.getElementById('indexsite-site-search-status');
    var form = input.form;
    var PER_LIST = 10;     // results shown per list
    var DEBOUNCE_MS = 80;  // a pause in typing before pieces are fetched
    // The page's words, plural rules and number format are the page script's (indexsite.js, window.indexsiteWords),
    // which runs after this one: they are looked up when a text is said, once the reader types or the page has loaded.
    function say(key, values, count) { return window.indexsiteWords ? window.indexsiteWords.say(key, values, count) : ''; }
    function formatNumber(n) { return window.indexsiteWords ? window.indexsiteWords.formatNumber(n) : String(n); }

    var cards = Array.prototype.slice.call(doc.querySelectorAll('.list-card[data-search]')).map(function (card) {
      var link = card.querySelector('.list-card-title a');
      return { title: link ? link.textContent : '', index: window.indexsiteSearch.list(card.getAttribute('data-search')) };
    });
    var cardList = doc.querySelector('.list-cards');
    var generation = 0, timer = 0;

    form.addEventListener('submit', function (event) { event.preventDefault(); run(); });
    input.addEventListener('input', function () {
      writeQuery(input.value);
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    });
    input.addEventListener('focus', function () { cards.forEach(function (c) { c.index.open().catch(function () {}); }); });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && input.value) { input.value = ''; writeQuery(''); run(); }
    });

    function queryInURL() {
      try { return new URLSearchParams(location.search).get('q') || ''; } catch (e) { return ''; }
    }
    function writeQuery(value) {
      var query = value.trim();
      if (query === queryInURL()) return;
      try {
        var url = new URL(location.href);
        if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
        history.replaceState(history.state, '', url.href);
      } catch (e) { /* an address the browser will not rewrite */ }
    }

    function run() {
      var mine = ++generation;
      var raw = input.value.trim();
      if (!raw) {
        box.hidden = true;
        box.textContent = '';
        if (cardList) cardList.hidden = false;
        status.textContent = '';
        return;
      }
      status.textContent = say('search_loading', {});
      Promise.all(cards.map(function (card) {
        return card.index.search(raw, PER_LIST).catch(function () { return { failed: true }; });
      })).then(function (results) {
        if (mine !== generation) return;
        var count = 0, total = 0, failed = 0;
        var frag = doc.createDocumentFragment();
        results.forEach(function (result, i) {
          if (!result) return;
          if (result.failed) { failed++; return; }
          count += result.count;
          total += result.total;
          if (!result.count) return;
          var group = doc.createElement('section');
          group.className = 'site-search-group';
          var heading = doc.createElement('h2');
          heading.className = 'site-search-list';
          heading.textContent = cards[i].title + ' ';
          var n = doc.createElement('span');
          n.className = 'site-search-count';
          n.textContent = '(' + formatNumber(result.count) + ')';
          heading.appendChild(n);
          group.appendChild(heading);
          var ol = doc.createElement('ol');
          ol.className = 'search-results';
          result.hits.forEach(function (hit) { ol.appendChild(window.indexsiteSearch.resultItem(hit)); });
          group.appendChild(ol);
          frag.appendChild(group);
        });
        box.textContent = '';
        box.appendChild(frag);
        box.hidden = false;
        if (cardList) cardList.hidden = true;
        status.textContent = failed === cards.length ? say('search_load_failed', {}) :
          count === 0 ? say('filter_no_match', { query: raw }, 0) :
          say('filter_matches', { count: formatNumber(count), total: formatNumber(total), query: raw }, count);
        requestAnimationFrame(function () {
          setTimeout(function () {
            if (performance.measure && performance.getEntriesByName('indexsite-search-pieces').length) {
              performance.measure('indexsite-search-results', 'indexsite-search-shards');
              performance.measure('indexsite-search-drawn', 'indexsite-search-pieces');
            }
          }, 0);
        });
      });
    }

    // opened with ?q=: searched once the page script has run too (it holds the words the status says)
    function searchFromURL() {
      var initial = queryInURL();
      if (initial) { input.value = initial; run(); }
    }
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', searchFromURL); else searchFromURL();
    window.addEventListener('pageshow', function (event) {
      if (event.persisted && queryInURL() !== input.value.trim()) { input.value = queryInURL(); run(); }
    });
  })();
})();
