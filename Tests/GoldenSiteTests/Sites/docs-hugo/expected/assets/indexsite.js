/* IndexSite: optional enhancements for list pages. No framework, no network.
   - exact jumps to sticky section headings (below the sticky chrome)
   - highlights the strip title of the section in view (aria-current="true")
   - drops titles and shows dots when the strip is too short (as iOS does)
   - drag to scrub along the strip (touch, pen, mouse)
   - letter keys jump to sections; "/" focuses the filter
   - a filter box that hides non-matching entries and empty sections; on a
     list split into pages it searches the whole list (its index, indexsite-search.js)
   - a sidebar / phone sheet of full section titles, with the current one marked
   - facet chips (facets:) that narrow the list with the filter, their state in the address
   Everything here is progressive: the page works without it. */
(function () {
  'use strict';

  var doc = document;
  var root = doc.documentElement;
  root.classList.add('js');

  // ---- Light/dark toggle --------------------------------------------------
  // The system's scheme until the reader presses the toggle; the choice is remembered (localStorage, read again by
  // the page's head before it is drawn) and pressing back to the system's scheme forgets it.
  (function themeToggle() {
    var button = doc.querySelector('.theme-toggle');
    if (!button) return;
    var system = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : { matches: false };
    function dark() {
      var chosen = root.getAttribute('data-theme');
      return chosen ? chosen === 'dark' : system.matches;
    }
    function show() { button.setAttribute('aria-pressed', dark() ? 'true' : 'false'); }
    button.hidden = false;
    show();
    if (system.addEventListener) system.addEventListener('change', show);
    button.addEventListener('click', function () {
      var next = dark() ? 'light' : 'dark';
      var remembered = next === (system.matches ? 'dark' : 'light') ? null : next;
      if (remembered) root.setAttribute('data-theme', remembered); else root.removeAttribute('data-theme');
      try {
        if (remembered) localStorage.setItem('indexsite-theme', remembered); else localStorage.removeItem('indexsite-theme');
      } catch (e) { /* storage off (a private window): the choice lasts for this page */ }
      show();
    });
  })();

  // The page's own words, plural table, number format and search forms, all made at build time from ICU
  // (the build writes them as JSON): the browser only looks things up, it does no locale work of its own.
  var words = (function () {
    var el = doc.getElementById('indexsite-strings');
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  })() || {};
  // words.fold groups characters by their search form: {"a": "àáâ…", "か": "カｶが…"}. The forms of the page's own
  // characters beyond the letters readers type come after its body, in the same shape (the head is written first).
  var foldTable = {};
  function addFold(groups) {
    Object.keys(groups || {}).forEach(function (form) {
      for (var ch of groups[form]) foldTable[ch] = form;
    });
  }
  addFold(words.fold);
  addFold((function () {
    var el = doc.getElementById('indexsite-page-fold');
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  })());
  var digits = Array.from((words.number && words.number.digits) || '0123456789');
  var CATEGORY = { z: 'zero', o: 'one', t: 'two', f: 'few', m: 'many', x: 'other' };

  function pluralCode(n) {
    var p = words.plural || {};
    if (p.small && n < p.small.length) return p.small.charAt(n);
    if (p.exceptions && p.exceptions[n]) return p.exceptions[n];
    return p.cycle ? p.cycle.charAt(n % 100) : 'x';
  }

  function formatNumber(n) {
    var plain = String(n).split('').map(function (d) { return digits[+d]; });
    var num = words.number || {};
    if (!num.group || plain.length < (num.min || 4)) return plain.join('');
    var out = '';
    for (var i = 0; i < plain.length; i++) {
      if (i > 0 && (plain.length - i) % 3 === 0) out += num.group;
      out += plain[i];
    }
    return out;
  }

  // A text of the catalog with its {placeholders} filled; plural keys pick the form of `count`.
  function say(key, values, count) {
    var text = words[key];
    if (text && typeof text === 'object') text = text[pluralCode(count)] || text.x;
    return String(text || '').replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }
  // The same for the search script (indexsite-search.js), which runs first and says its texts only once the reader
  // types: one copy of the catalog's rules for both.
  window.indexsiteWords = { say: say, formatNumber: formatNumber, pluralCode: pluralCode };

  var listMain = doc.querySelector('.list-main');
  if (!listMain) return;
  var listPage = listMain.closest('.list-page') || listMain.parentNode;
  // Section pages of a split list with very many sections have no strip (only links to the overview).
  var strip = doc.querySelector('.index-strip') ||
    (function () { var n = doc.createElement('nav'); n.appendChild(doc.createElement('ol')); n.hidden = true; return n; })();
  var sectionNav = doc.querySelector('.section-nav');
  var ticks = strip.classList.contains('is-ticks');   // the strip draws ticks, not letters (the build decides)
  var searchHref = listPage.getAttribute && listPage.getAttribute('data-search');

  var MIN_SLOT = 24;          // px: smallest height of one strip title: a 24x24 touch target (WCAG 2.2, 2.5.8)
  var LONG_PAGE = 5000;       // entries: on a longer page the filter draws the entries in view first
  var FIRST_SHOWN = 80;       // entries shown, from the run in view down, before the first frame: a screenful and more
  var FIRST_FRAME_MS = 40;    // ms after the keystroke: the work before the first frame stops by then, the rest follows
  var RESTYLE_RUNS = 200;     // runs of entries in the sections shown or hidden before the first frame (restyled)
  var SLICE_MS = 12;          // ms: the other entries are shown or hidden in tasks of about this long, between frames

  // The words this script shows, from the page's catalog (strings.<key>; English where the catalog has none).
  var WORDS = {
    filterLabel: function () { return say('filter_label', {}); },
    filterWholeLabel: function () { return say('filter_whole_label', {}); },
    sections: function () { return say('sections_heading', {}); },
    all: function (n) { return say('filter_all_shown', { total: formatNumber(n) }, n); },
    none: function (q) { return say('filter_no_match', { query: q }, 0); },
    some: function (c, n, q) { return say('filter_matches', { count: formatNumber(c), total: formatNumber(n), query: q }, c); },
    working: function (c, n, q) { return say('filter_working', { count: formatNumber(c), total: formatNumber(n), query: q }, c); },
    firstShown: function (k) { return say('filter_first_shown', { shown: formatNumber(k) }, k); },
    loading: function () { return say('search_loading', {}); },
    loadFailed: function () { return say('search_load_failed', {}); }
  };


  var ol = strip.querySelector('ol');
  var sectionEls = Array.prototype.slice.call(listMain.querySelectorAll('.section'));
  var sectionIndex = new Map();
  sectionEls.forEach(function (s, i) { sectionIndex.set(s, i); });
  // Each section's parent (the nearest section before it of a lower level; -1 at the top): a match in a sub-section
  // keeps the headings above it, so it is never shown without its place in the tree.
  var sectionParent = (function () {
    var parents = new Int32Array(sectionEls.length), open = [];
    sectionEls.forEach(function (s, i) {
      var m = /(?:^|\s)level-(\d+)(?:\s|$)/.exec(s.className), level = m ? +m[1] : 1;
      while (open.length && open[open.length - 1].level >= level) open.pop();
      parents[i] = open.length ? open[open.length - 1].index : -1;
      open.push({ level: level, index: i });
    });
    return parents;
  })();

  // ---- Strip model ---------------------------------------------------------

  var here = location.href.split('#')[0];
  // The id a URL fragment names. A malformed escape ("#%", "#%E0") would make decodeURIComponent throw URIError and
  // stop the script's start-up: it is then taken literally.
  function idFromFragment(fragment) {
    try { return decodeURIComponent(fragment); } catch (error) { return fragment; }
  }
  var items = Array.prototype.map.call(ol.children, function (li, index) {
    var link = li.querySelector('a');
    var titled = li.querySelector('[title]');
    var item = {
      li: li, link: link, index: index,
      label: (li.textContent || '').trim(),
      title: titled ? titled.getAttribute('title') : (li.textContent || '').trim(),
      repeat: li.classList.contains('strip-repeat'),
      enabled: !!link, filteredOut: false,
      section: null, heading: null, dot: null, pageCurrent: false
    };
    if (link) {
      item.pageCurrent = link.getAttribute('aria-current') === 'page';
      var href = link.href;
      var hash = link.hash;
      if (hash && href.split('#')[0] === here) {
        var target = doc.getElementById(idFromFragment(hash.slice(1)));
        if (target && target.classList.contains('section-header')) {
          item.heading = target;
          item.section = target.closest('.section');
        }
      }
    }
    return item;
  });
  var itemBySection = new Map();
  items.forEach(function (item) { if (item.section) itemBySection.set(item.section, item); });

  function usable(item) { return item.enabled && !item.filteredOut; }

  function chromeHeight() {
    var v = parseFloat(getComputedStyle(root).scrollPaddingTop);
    return isNaN(v) ? 0 : v;
  }

  // Scroll so that the section's heading sits directly below the sticky chrome.
  // Uses the <section> box, because a sticky heading reports where it is stuck.
  // Entries out of view are not laid out (content-visibility on each list of
  // them) and their estimated heights become real ones once shown, so the jump is checked again
  // for a few frames, until it holds or the reader scrolls.
  var jump = { section: null, frames: 0, stable: 0 };

  function offsetOf(section) {
    return section.getBoundingClientRect().top - chromeHeight();
  }

  function scrollToSection(section) {
    section = shownSection(section);
    window.scrollTo(0, Math.max(0, Math.round(offsetOf(section) + window.pageYOffset)));
    var running = jump.section !== null;
    jump.section = section;
    jump.frames = 0;
    jump.stable = 0;
    if (!running) requestAnimationFrame(holdJump);
  }

  function holdJump() {
    var section = jump.section;
    if (!section) return;
    var off = offsetOf(section);
    var atEnd = window.pageYOffset + window.innerHeight >= root.scrollHeight - 1;
    if (Math.abs(off) > 0.75 && !(off > 0 && atEnd)) {
      window.scrollBy(0, Math.round(off));
      jump.stable = 0;
    } else {
      jump.stable++;
    }
    if (++jump.frames < 30 && jump.stable < 3) requestAnimationFrame(holdJump);
    else jump.section = null;
  }

  function stopHolding(event) {
    if (event.target && event.target.nodeType === 1 && strip.contains(event.target)) return;
    jump.section = null;
  }
  ['wheel', 'touchstart', 'keydown', 'mousedown'].forEach(function (type) {
    window.addEventListener(type, stopHolding, { passive: true, capture: true });
  });

  // Where a section is on screen: itself, or while the matches are shown in its place (`resultsView`), its part of
  // them (drawn first if need be).
  function shownSection(section) {
    return resultsView && resultsView.active() ? resultsView.place(section) : section;
  }

  function focusHeading(heading) {
    var section = heading.closest('.section');
    if (section && shownSection(section) !== section) heading = shownSection(section).querySelector('.section-header') || heading;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }

  function go(item, how) {
    if (!item || !item.link) return;
    if (!item.section) { location.href = item.link.href; return; }
    var hash = '#' + item.heading.id;
    if (how === 'replace') history.replaceState(history.state, '', hash);
    scrollToSection(item.section);
    if (how !== 'scrub') focusHeading(item.heading);
    updateCurrent();
  }

  // Exact jumps for every same-page link to a section heading (strip or not).
  doc.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 ||
        event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest('a[href*="#"]');
    if (!link || link.href.split('#')[0] !== here) return;
    var target = doc.getElementById(idFromFragment(link.hash.slice(1)));
    if (!target || !target.classList.contains('section-header')) return;
    event.preventDefault();
    if (scrub.suppressClick) return;
    var item = itemBySection.get(target.closest('.section'));
    if (item && item.filteredOut) return;
    // push first, so that the entry left behind keeps its own scroll position
    if (location.hash !== link.hash) history.pushState(null, '', link.hash);
    scrollToSection(target.closest('.section'));
    focusHeading(target);
    updateCurrent();
  });

  // A fragment typed into the address bar: the browser's own jump may have used
  // a stuck heading's position; correct it.
  window.addEventListener('hashchange', function () {
    var target = location.hash && doc.getElementById(idFromFragment(location.hash.slice(1)));
    if (target && target.classList.contains('section-header')) scrollToSection(target.closest('.section'));
    markLanded();
  });

  // The entry a jump or a search result landed on is marked (as :target marks it, also after the script's own
  // history changes), so the eye finds it among its neighbours.
  function markLanded() {
    var id = location.hash && idFromFragment(location.hash.slice(1));
    var target = id && doc.getElementById(id);
    var entry = target && target.classList.contains('entry') ? target : null;
    var before = listMain.querySelector('.entry.is-landed');
    if (before && before !== entry) before.classList.remove('is-landed');
    if (entry) entry.classList.add('is-landed');
  }

  // ---- Section in view -----------------------------------------------------

  var visibleSections = sectionEls.slice();   // in order; the filter updates it
  var currentItem = null;

  // The sidebar's links to sections on this page, by section element.
  var navBySection = new Map();
  var navLinks = sectionNav ? Array.prototype.slice.call(sectionNav.querySelectorAll('a')) : [];
  navLinks.forEach(function (a) {
    if (!a.hash || a.href.split('#')[0] !== here) return;
    var target = doc.getElementById(decodeURIComponent(a.hash.slice(1)));
    if (target && target.closest('.section')) navBySection.set(target.closest('.section'), a);
  });
  var currentNav = null;
  function setCurrentNav(section) {
    var a = section ? navBySection.get(section) : null;
    if (a === currentNav) return;
    if (currentNav) currentNav.removeAttribute('aria-current');
    currentNav = a || null;
    if (!currentNav) return;
    currentNav.setAttribute('aria-current', 'true');
    // keep the marked title in the sidebar's view without scrolling the page
    var box = sectionNav.getBoundingClientRect(), at = currentNav.getBoundingClientRect();
    if (at.top < box.top + 8 || at.bottom > box.bottom - 8) {
      sectionNav.scrollTop += at.top - box.top - box.height / 3;
    }
  }

  function invalidate() {
    visibleSections = resultsView && resultsView.active() ? resultsView.sections()
      : sectionEls.filter(function (s) { return !s.hidden; });
  }

  function setCurrent(item) {
    if (item === currentItem) return;
    if (currentItem) {
      if (!currentItem.pageCurrent) currentItem.link.removeAttribute('aria-current');
      if (currentItem.dot) currentItem.dot.classList.remove('is-current');
    }
    currentItem = item;
    if (ticks && !(scrub && scrub.active)) layoutTicks();
    if (item) {
      if (!item.pageCurrent) item.link.setAttribute('aria-current', 'true');
      if (item.dot) item.dot.classList.add('is-current');
    }
  }

  // The last section whose top is at or above the line just below the chrome:
  // a binary search over live positions (a handful of reads, no writes between).
  function updateCurrent() {
    var line = chromeHeight() + 2;
    var lo = 0, hi = visibleSections.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (visibleSections[mid].getBoundingClientRect().top <= line) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    var item = found >= 0 ? itemBySection.get(visibleSections[found]) : null;
    setCurrent(item && item.link ? item : null);
    if (navBySection.size) setCurrentNav(found >= 0 ? visibleSections[found] : null);
  }

  var scrollQueued = false;
  function queueUpdate() {
    if (scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(function () { scrollQueued = false; updateCurrent(); });
  }
  window.addEventListener('scroll', queueUpdate, { passive: true });
  // sections change height without a scroll when their entries are first shown (content-visibility)
  if (window.ResizeObserver) {
    var sizes = new ResizeObserver(queueUpdate);
    sectionEls.forEach(function (s) { sizes.observe(s); });
  }


  // ---- Dots when the titles do not fit --------------------------------------

  var slots = items.map(function (item) { return { el: item.li, first: item.index, last: item.index }; });
  var layoutKey = 'all';  // which titles are kept now

  // Which titles to keep: all when they fit at MIN_SLOT each, else every n-th
  // (first and last always), leaving one dot slot between kept ones.
  function keptTitles() {
    var n = items.length;
    var cs = getComputedStyle(strip);
    // the strip's height is set by the viewport alone, not by its titles
    var avail = strip.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    if (n < 3 || avail <= 0 || n * MIN_SLOT <= avail) return null;
    var s = Math.max(3, Math.floor(avail / MIN_SLOT));
    if (s % 2 === 0) s -= 1;
    var keep = (s + 1) / 2;
    // Titles that start a run of one letter are the ones worth keeping: a
    // repeated letter is only a dot anyway.
    var starts = items.filter(function (it) { return !it.repeat; }).map(function (it) { return it.index; });
    var pool = starts.length >= 2 ? starts : items.map(function (it) { return it.index; });
    var kept = [];
    var pick = Math.min(keep, pool.length);
    for (var j = 0; j < pick; j++) {
      var k = pool[Math.round(j * (pool.length - 1) / Math.max(1, pick - 1))];
      if (!kept.length || k > kept[kept.length - 1]) kept.push(k);
    }
    // the first and the last title always stay
    if (kept[kept.length - 1] !== n - 1) {
      if (kept.length >= keep) kept[kept.length - 1] = n - 1; else kept.push(n - 1);
    }
    return kept;
  }

  function layoutStrip() {
    if (ticks) { layoutTicks(); return; }
    var kept = keptTitles();
    var key = kept ? kept.join(',') : 'all';
    if (key === layoutKey) { placeDropped(); return; }   // nothing to rebuild: no reflow
    layoutKey = key;

    Array.prototype.slice.call(ol.querySelectorAll('.strip-dot')).forEach(function (d) { d.remove(); });
    items.forEach(function (item) {
      item.dot = null;
      item.li.classList.remove('is-dropped');
      item.li.style.top = '';
    });
    slots = items.map(function (item) { return { el: item.li, first: item.index, last: item.index }; });
    if (!kept) {
      strip.classList.remove('is-collapsed');
      strip.style.removeProperty('--strip-slots');
      return;
    }
    slots = [];
    for (var a = 0; a < kept.length; a++) {
      var i = kept[a];
      slots.push({ el: items[i].li, first: i, last: i });
      var next = kept[a + 1];
      if (next === undefined || next - i < 2) continue;
      var dot = doc.createElement('li');
      dot.className = 'strip-dot';
      dot.setAttribute('aria-hidden', 'true');
      dot.textContent = '\u2022';
      items[i].li.after(dot);
      slots.push({ el: dot, first: i + 1, last: next - 1 });
      for (var m = i + 1; m < next; m++) {
        items[m].li.classList.add('is-dropped');
        items[m].dot = dot;
      }
    }
    strip.style.setProperty('--strip-slots', String(slots.length));
    strip.classList.add('is-collapsed');
    placeDropped();
    if (currentItem && currentItem.dot) currentItem.dot.classList.add('is-current');
  }

  // A strip of ticks shows the level that fits, every tick a 24 px touch target: the top-level sections, and the
  // sub-sections of the one in view; when even the top level does not fit, every n-th of it (the first, the last and
  // the one in view always). A folded section is not drawn, but the tick above it stands for it: scrubbing across
  // that tick runs through the folded sections in order, each named in the bubble, so one scrub reaches them all
  // (the Sections list names every one too).
  function layoutTicks() {
    var n = items.length;
    if (!n) return;
    var cs = getComputedStyle(strip);
    var avail = strip.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    var fits = Math.max(3, Math.floor(avail / MIN_SLOT));
    var topOf = new Int32Array(n), top = 0, k;
    for (k = 0; k < n; k++) {
      if (!items[k].li.hasAttribute('data-level')) top = k;
      topOf[k] = top;
    }
    var open = currentItem ? topOf[currentItem.index] : -1;
    var shown = items.map(function (item, i) { return !item.li.hasAttribute('data-level') || topOf[i] === open; });
    var count = shown.filter(Boolean).length;
    if (count > fits) {
      // without the open section's children, then every n-th top-level section
      var tops = [];
      for (k = 0; k < n; k++) if (!items[k].li.hasAttribute('data-level')) tops.push(k);
      shown = items.map(function () { return false; });
      var keep = Math.min(fits - 2, tops.length);   // room for the one in view and its parent
      for (var j = 0; j < keep; j++) shown[tops[Math.round(j * (tops.length - 1) / Math.max(1, keep - 1))]] = true;
      if (open >= 0) shown[open] = true;
    }
    if (currentItem) shown[currentItem.index] = true;
    shown[0] = true;
    var key = shown.map(function (b) { return b ? 1 : 0; }).join('');
    if (key === layoutKey) return;
    layoutKey = key;
    slots = [];
    items.forEach(function (item, i) {
      if (item.li.classList.contains('is-folded') === shown[i]) item.li.classList.toggle('is-folded');
      if (shown[i]) slots.push({ el: item.li, first: i, last: i }); else slots[slots.length - 1].last = i;
    });
    strip.style.setProperty('--strip-slots', String(slots.length));
  }

  // Each dropped title (shown only while focused) sits beside its dot.
  function placeDropped() {
    var dropped = items.filter(function (item) { return item.dot; });
    var tops = dropped.map(function (item) { return item.dot.offsetTop + item.dot.offsetHeight / 2; });  // reads first
    dropped.forEach(function (item, x) { item.li.style.top = tops[x] + 'px'; });
  }

  var resizeQueued = false;
  window.addEventListener('resize', function () {
    if (resizeQueued) return;
    resizeQueued = true;
    requestAnimationFrame(function () {
      resizeQueued = false;
      layoutStrip();
      updateCurrent();
    });
  });

  // ---- Drag to scrub -----------------------------------------------------------

  var hud = doc.createElement('div');
  hud.className = 'strip-hud';
  hud.setAttribute('aria-hidden', 'true');
  doc.body.appendChild(hud);
  var hudTimer = 0;

  var scrub = { id: null, startY: 0, active: false, item: null, suppressClick: false, touch: false };

  function itemAtY(y) {
    if (!slots.length) return null;
    var first = slots[0].el.getBoundingClientRect();
    var last = slots[slots.length - 1].el.getBoundingClientRect();
    // a strip of ticks is scrubbed along its whole height (its folded ticks leave it partly empty)
    if (ticks) { first = ol.getBoundingClientRect(); last = first; }
    var span = last.bottom - first.top;
    if (span <= 0) return null;
    var at = Math.min(Math.max((y - first.top) / span, 0), 0.999999);
    var f = at * slots.length;
    var slot = slots[Math.floor(f)];
    var sub = f - Math.floor(f);
    // On a strip of ticks a tick may stand for many folded sections: the scrub runs over every section evenly, so
    // each gets its share of the strip's length, not a sliver of one tick's.
    var idx = ticks ? Math.floor(at * items.length) : slot.first + Math.floor(sub * (slot.last - slot.first + 1));
    // a greyed title: the nearest usable section after it, else before it
    for (var d = 0; d < items.length; d++) {
      if (items[idx + d] && usable(items[idx + d])) return items[idx + d];
      if (items[idx - d] && usable(items[idx - d])) return items[idx - d];
    }
    return null;
  }

  function scrubTo(y) {
    var item = itemAtY(y);
    if (!item || item === scrub.item) return;
    scrub.item = item;
    hud.textContent = item.title || item.label;
    hud.classList.toggle('is-long', (item.title || '').length > 3);
    hud.classList.add('is-visible');
    if (item.section) go(item, 'scrub');
  }

  // A press on a strip link must not start a link drag (which ends the scrub with pointercancel).
  strip.addEventListener('dragstart', function (event) { event.preventDefault(); });
  strip.addEventListener('pointerdown', function (event) {
    if (!event.isPrimary || event.button !== 0) return;
    if (event.pointerType === 'mouse') event.preventDefault();   // no text selection, no drag
    scrub.id = event.pointerId;
    scrub.startY = event.clientY;
    scrub.item = null;
    scrub.touch = event.pointerType !== 'mouse';
    scrub.active = scrub.touch;   // a mouse scrubs only once it moves
    scrub.suppressClick = false;
    if (scrub.active) {
      try { strip.setPointerCapture(event.pointerId); } catch (e) { /* ignore */ }
      scrubTo(event.clientY);
    }
  });

  strip.addEventListener('pointermove', function (event) {
    if (event.pointerId !== scrub.id) return;
    if (!scrub.active) {
      if (Math.abs(event.clientY - scrub.startY) < 6) return;
      scrub.active = true;
      try { strip.setPointerCapture(event.pointerId); } catch (e) { /* ignore */ }
    }
    event.preventDefault();
    scrubTo(event.clientY);
  });

  function endScrub(event) {
    if (event.pointerId !== scrub.id) return;
    var item = scrub.item;
    if (scrub.active && item) {
      scrub.suppressClick = true;   // the click that follows is the scrub's own
      setTimeout(function () { scrub.suppressClick = false; }, 400);
      if (item.section) history.replaceState(history.state, '', '#' + item.heading.id);
      else if (event.type === 'pointerup') location.href = item.link.href;
    }
    scrub.id = null;
    scrub.active = false;
    if (ticks) layoutTicks();   // the sub-sections of the section the scrub ended in
    clearTimeout(hudTimer);
    hudTimer = setTimeout(function () { hud.classList.remove('is-visible'); }, 350);
  }
  strip.addEventListener('pointerup', endScrub);
  strip.addEventListener('pointercancel', endScrub);
  strip.addEventListener('click', function (event) {
    if (scrub.suppressClick) { event.preventDefault(); scrub.suppressClick = false; }
  }, true);

  // ---- Letter keys ----------------------------------------------------------

  // The search form of a text: each character of the build's table replaced by its form. One native regular
  // expression finds them (a loop over every character is several times slower on 100,000 entries).
  var foldPattern = (function () {
    var keys = Object.keys(foldTable);
    if (!keys.length) return null;
    return new RegExp('[' + keys.map(function (k) { return k.replace(/[\\\]\[^-]/g, '\\$&'); }).join('') + ']', 'gu');
  })();
  function foldOne(ch) { return foldTable[ch]; }
  function fold(s) {
    return foldPattern ? s.replace(foldPattern, foldOne) : s;
  }

  function isEditable(el) {
    if (!el || el === doc.body) return false;
    if (el.isContentEditable) return true;
    var tag = el.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
  }

  doc.addEventListener('keydown', function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (isEditable(event.target)) return;
    var key = event.key;
    if (!key || key.length !== 1 || key === ' ') return;
    if (key === '/' && filter.input) {
      event.preventDefault();
      filter.input.scrollIntoView({ block: 'center' });
      filter.input.focus();
      return;
    }
    var lower = fold(key);
    var match = function (test) { return items.filter(function (it) { return usable(it) && test(it.label); }); };
    var cands = match(function (l) { return l.indexOf(key) === 0; });
    if (!cands.length) cands = match(function (l) { return fold(l).indexOf(lower) === 0; });
    if (!cands.length) {
      // a greyed exact title: the next section after it
      var exact = items.filter(function (it) { return fold(it.label) === lower; })[0];
      if (exact) cands = items.slice(exact.index).filter(usable).slice(0, 1);
      else if (/[0-9]/.test(key)) cands = match(function (l) { return l === '#'; });
    }
    if (!cands.length) return;
    event.preventDefault();
    var at = cands.indexOf(currentItem);
    go(at >= 0 ? cands[(at + 1) % cands.length] : cands[0], 'replace');
  });

  // ---- Filter ---------------------------------------------------------------

  var filter = { input: null, status: null, index: null, generation: 0 };

  (function buildFilter() {
    if (!sectionEls.length && !searchHref) return;
    var box = doc.createElement('div');
    box.className = 'filter';
    box.setAttribute('role', 'search');
    var label = doc.createElement('label');
    label.htmlFor = 'indexsite-filter';
    label.textContent = searchHref ? WORDS.filterWholeLabel() : WORDS.filterLabel();
    var input = doc.createElement('input');
    input.type = 'search';
    input.id = 'indexsite-filter';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.setAttribute('enterkeyhint', 'search');
    input.setAttribute('aria-describedby', 'indexsite-filter-status');
    var status = doc.createElement('p');
    status.className = 'filter-status';
    status.id = 'indexsite-filter-status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    box.appendChild(label);
    box.appendChild(input);
    box.appendChild(status);
    var header = listMain.querySelector('.list-header');
    if (header) header.after(box); else listMain.prepend(box);
    filter.input = input;
    filter.status = status;

    // On a facet value's page cut into pages, the link to all of the value's entries (the list's page with its chip
    // pressed) takes what is typed along: this page's filter reaches only this page.
    var allPages = listMain.querySelector('.facet-all-pages');
    input.addEventListener('input', function (event) {
      writeQuery(input.value);
      if (allPages) {
        var all = new URL(allPages.href), query = input.value.trim();
        if (query) all.searchParams.set('q', query); else all.searchParams.delete('q');
        allPages.href = all.href;
      }
      if (searchHref) { wholeList.search(); return; }
      // a script of the site's own may have added or removed entries since the index was made
      // The filter's measures start at the keystroke; when the index has to be made first (typing before it was
      // made in idle moments, or after a script changed the entries) that time is measured on its own.
      if (ensureIndex()) runFilter(performance.now()); else runFilter(event.timeStamp);
    });
    // build the search index when the reader comes to the box, before typing
    input.addEventListener('focus', function () {
      if (searchHref) wholeList.load(); else ensureIndex();
    });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && input.value) {
        input.value = '';
        writeQuery('');
        if (searchHref) wholeList.search(); else runFilter();
      }
    });
  })();

  // ---- The page's address -------------------------------------------------------
  // The filter's query and the pressed chips are written to the address once the page has been drawn again, not at
  // the keystroke or press: a change of the address costs the browser work over the whole page (on a long page far
  // more than the filtering itself; docs/PERFORMANCE.md has the figures). Changes that come while one
  // waits are merged into one write (a history step if any of them was a press). Leaving the page writes it at once,
  // so Back returns to what the reader saw; going back or forward drops what was waiting.

  var pendingAddress = null;   // { href, push }: the address the page shows and has not written yet

  function addressNow() { return pendingAddress ? pendingAddress.href : location.href; }

  function setAddress(href, push) {
    if (!pendingAddress && href === location.href) return;
    pendingAddress = { href: href, push: push || !!(pendingAddress && pendingAddress.push) };
  }

  function flushAddress() {
    var wanted = pendingAddress;
    pendingAddress = null;
    if (!wanted) return;
    try {
      var url = new URL(wanted.href), started = performance.now();
      url.hash = location.hash;   // a jump made while the write waited stays
      if (url.href === location.href) return;
      if (wanted.push) history.pushState(history.state, '', url.href);
      else history.replaceState(history.state, '', url.href);
      here = location.href.split('#')[0];
      // what the write cost ("indexsite-address"): it is in no other measure, benchmarks read it
      if (performance.measure) performance.measure('indexsite-address', { start: started, end: performance.now() });
    } catch (e) { /* an address the browser will not rewrite: the filter works, unshared */ }
  }

  window.addEventListener('popstate', function () { pendingAddress = null; });
  window.addEventListener('pageshow', function (event) { if (event.persisted) pendingAddress = null; });
  // leaving the page (a link followed, the tab closed or put away) hides it first
  doc.addEventListener('visibilitychange', function () { if (doc.visibilityState === 'hidden') flushAddress(); });

  // ---- The filter's query in the address (?q=) -----------------------------
  // Replaced, not pushed (one history step per visit, not per letter), so a filtered page can be bookmarked or
  // shared; opening such an address, or coming Back to one, filters again.

  function queryInURL() {
    try { return new URL(addressNow()).searchParams.get('q') || ''; } catch (e) { return ''; }
  }

  function writeQuery(value) {
    var query = value.trim();
    if (query === queryInURL()) return;
    try {
      var url = new URL(addressNow());
      if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
      setAddress(url.href, false);
    } catch (e) { /* an address the browser will not rewrite: the filter works, unshared */ }
    // a split list's page is short, and its search draws results in its own time: written at once
    if (searchHref) flushAddress();
  }

  function applyQueryFromURL() {
    if (!filter.input) return;
    var query = queryInURL();
    if (query === filter.input.value.trim()) return;
    filter.input.value = query;
    if (searchHref) wholeList.search();
    else { ensureIndex(); runFilter(); }
  }
  window.addEventListener('popstate', applyQueryFromURL);
  window.addEventListener('pageshow', function (event) { if (event.persisted) applyQueryFromURL(); });

  // The filter's index: the folded text of every entry (its own text, not its
  // children's), its parent entry and its section. On a long page it is built
  // in idle moments after loading, a slice at a time, so the page opens without
  // a pause; typing before it is done finishes it at once.
  var building = null;
  // A script of the site's own may add or remove entries after the index was made: then it is made again. (Not by
  // counting a live list of entries at each keystroke: on a long page that walks every node of it, tens of ms.)
  var entriesChanged = false;
  function holdsEntries(node) {
    return node.nodeType === 1 && (node.classList.contains('entry') || !!node.querySelector('.entry'));
  }
  var entriesObserver = null;
  if (window.MutationObserver) {
    entriesObserver = new MutationObserver(function (records) {
      if (entriesChanged || (!filter.index && !building)) return;
      for (var r = 0; r < records.length && !entriesChanged; r++) {
        var changed = Array.prototype.some.call(records[r].addedNodes, holdsEntries) ||
          Array.prototype.some.call(records[r].removedNodes, holdsEntries);
        if (changed) entriesChanged = true;
      }
    });
    entriesObserver.observe(listMain, { childList: true, subtree: true });
  }

  function indexSlice(budgetMs) {
    if (filter.index) return true;
    if (!building) {
      var all = Array.prototype.slice.call(listMain.querySelectorAll('.entry'));
      building = {
        entries: all, n: all.length, next: 0, pos: new Map(),
        parent: new Int32Array(all.length), section: new Int32Array(all.length), text: new Array(all.length),
        run: new Int32Array(all.length), runs: [], runPos: new Map(),
        facetValues: facetBar ? facetBar.newValues(all.length) : null
      };
    }
    var b = building, end = performance.now() + budgetMs;
    for (var i = b.next; i < b.n; i++) {
      if ((i & 127) === 0 && i > b.next && performance.now() > end) { b.next = i; return false; }
      var el = b.entries[i];
      b.pos.set(el, i);
      var up = el.parentElement.closest('.entry');
      b.parent[i] = up ? b.pos.get(up) : -1;
      var s = el.closest('.section');
      b.section[i] = s ? sectionIndex.get(s) : -1;
      // its run: the list a top-level entry is in (a long section has several); a nested entry's is its parent's
      if (up) b.run[i] = b.run[b.parent[i]];
      else {
        var list = el.parentElement, r = b.runPos.get(list);
        if (r === undefined) { r = b.runs.length; b.runs.push(list); b.runPos.set(list, r); }
        b.run[i] = r;
      }
      // its own text, and the words it is also found by (its reading, its tags: data-terms)
      var t = el.getAttribute('data-terms') || '';
      for (var c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1 && c.classList.contains('children')) continue;
        t += ' ' + c.textContent;
      }
      b.text[i] = fold(t.replace(/\s+/g, ' '));
      if (b.facetValues) b.facetValues.read(i, el, up ? b.pos.get(up) : -1);
    }
    // The entries of one run are contiguous in document order: where each run starts, and its section.
    var runCount = b.runs.length, runFirst = new Int32Array(runCount + 1), runSection = new Int32Array(runCount);
    for (i = b.n - 1; i >= 0; i--) { runFirst[b.run[i]] = i; runSection[b.run[i]] = b.section[i]; }
    runFirst[runCount] = b.n;
    var sectionRuns = new Int32Array(sectionEls.length);
    for (i = 0; i < runCount; i++) if (runSection[i] >= 0) sectionRuns[runSection[i]]++;
    var nested = false;
    for (i = 0; i < b.n && !nested; i++) nested = b.parent[i] >= 0;
    filter.index = {
      entries: b.entries, parent: b.parent, section: b.section, text: b.text, nested: nested,
      run: b.run, runs: b.runs, runFirst: runFirst, runSection: runSection, sectionRuns: sectionRuns,
      // the theme's own lists of entries get height estimates (a template of the site's own may hold more in them)
      runOwn: Uint8Array.from(b.runs, function (list) { return list.classList.contains('entries') ? 1 : 0; }),
      runEstimate: new Int32Array(runCount).fill(-1),   // -1: the stylesheet's
      facetValues: b.facetValues ? b.facetValues.done() : null,
      shown: new Uint8Array(b.n).fill(1),
      sectionShown: new Uint8Array(sectionEls.length).fill(1),
      lastQuery: '', lastMatches: null
    };
    building = null;
    if (performance.mark) performance.mark('indexsite-filter-index');
    return true;
  }

  function buildIndex() { indexSlice(Infinity); }

  // Makes the index now if there is none, or a script of the site's own added or removed entries since it was made
  // ("indexsite-filter-index-build"); says whether it did.
  function ensureIndex() {
    if (entriesChanged) { entriesChanged = false; filter.index = null; building = null; }
    if (filter.index) return false;
    var started = performance.now();
    buildIndex();
    if (performance.measure) performance.measure('indexsite-filter-index-build', { start: started, end: performance.now() });
    return true;
  }

  function buildIndexWhenIdle() {
    var idle = window.requestIdleCallback || function (f) {
      return setTimeout(function () { f({ timeRemaining: function () { return 8; } }); }, 30);
    };
    idle(function step(deadline) {
      if (!indexSlice(Math.max(4, deadline.timeRemaining()))) idle(step);
    });
  }

  // One keystroke: which entries match (a scan of the folded texts, or of the last matches when the query only grew),
  // then the page is changed where it differs from what it shows, in this order: the sections' hidden state and the
  // strip (a few writes); on a long page the entries from the run in view (a list of at most 100 entries: the
  // browser lays out only the runs near the screen) down until a screenful of results is there, drawn in the first
  // frame; then the rest, in tasks of about SLICE_MS between frames. A section with nothing to show is hidden as a
  // whole and its entries are left as they are until it shows again. A newer keystroke stops the tasks still to
  // come: the index records what the page shows (`shown`, `sectionShown`), so the next one goes on from there.
  function runFilter(startedAt) {
    var ix = filter.index;
    if (!ix) { flushAddress(); return; }
    var started = typeof startedAt === 'number' && startedAt > 0 ? startedAt : performance.now();
    var query = fold(filter.input.value.trim().replace(/\s+/g, ' '));
    var terms = query ? query.split(' ') : [];
    var n = ix.entries.length, sectionCount = sectionEls.length, runTotal = ix.runs.length;
    var i, k, t, r;
    // On a page with facets, anything narrowing the list draws the matches in its place (`resultsView`).
    var replacing = !!resultsView && (terms.length > 0 || facetBar.anyPressed());
    // Where the reader is, read before anything is written (the chips' counts included): the work starts there.
    var start = replacing ? 0 : runInView(ix);

    // Entries whose own text holds every term. Typing on ("cop" -> "copp") only narrows: every match of the
    // longer query was a match of the shorter one, so only those are tested again.
    var own = new Uint8Array(n), matches = null, m = 0;
    if (!terms.length) own.fill(1);
    else {
      var pool = ix.lastQuery && query.indexOf(ix.lastQuery) === 0 ? ix.lastMatches : null;
      var candidates = pool ? pool.length : n, text = ix.text;
      matches = new Int32Array(candidates);
      for (k = 0; k < candidates; k++) {
        i = pool ? pool[k] : k;
        var s = text[i], ok = true;
        for (t = 0; t < terms.length; t++) if (s.indexOf(terms[t]) < 0) { ok = false; break; }
        if (ok) { own[i] = 1; matches[m++] = i; }
      }
      matches = matches.subarray(0, m);
    }
    ix.lastQuery = terms.length ? query : '';
    ix.lastMatches = matches;
    // The facet chips pressed narrow the matches further (and their counts follow what is still reachable).
    var narrowed = facetBar ? facetBar.narrow(ix, own) : null;
    if (narrowed) own = narrowed;
    var active = terms.length > 0 || !!narrowed;

    // Nested entries: a match shows its children, and the parents that lead to it (parents come first in document order).
    var visible = own;
    if (ix.nested) {
      visible = new Uint8Array(n);
      var inherited = new Uint8Array(n);
      for (i = 0; i < n; i++) inherited[i] = own[i] || (ix.parent[i] >= 0 && inherited[ix.parent[i]]) ? 1 : 0;
      for (i = n - 1; i >= 0; i--) {
        if (inherited[i]) visible[i] = 1;
        if (visible[i] && ix.parent[i] >= 0) visible[ix.parent[i]] = 1;
      }
    }
    var count = 0, perSection = new Int32Array(sectionCount), perRun = new Int32Array(runTotal);
    for (i = 0; i < n; i++) {
      if (!visible[i]) continue;
      count++;
      perRun[ix.run[i]]++;
      if (ix.section[i] >= 0) perSection[ix.section[i]]++;
    }

    // The strip and the sidebar first: a few writes. A section is hidden or shown when the work below comes to its
    // entries (showing or hiding a section makes the browser style each of its runs again, up to 1 ms a run: a
    // whole list at once would hold up the first frame); sections without entries of their own at once.
    var lastVisible = null, sectionShown = new Uint8Array(sectionCount);
    for (i = 0; i < sectionCount; i++) sectionShown[i] = !active || perSection[i] > 0 ? 1 : 0;
    // the headings above a match stay (a parent comes before its sub-sections, so one pass from the end reaches the top)
    for (i = sectionCount - 1; i >= 0; i--) if (sectionShown[i] && sectionParent[i] >= 0) sectionShown[sectionParent[i]] = 1;
    // (the full list is left as it is while the matches are drawn in its place)
    for (i = 0; i < sectionCount && !replacing; i++) {
      if (!ix.sectionRuns[i]) showSection(i, sectionShown[i]);
      if (sectionShown[i]) lastVisible = sectionEls[i];
    }
    var lastMarked = replacing ? null : listMain.querySelector('.section.is-last-visible');
    if (lastMarked && (lastMarked !== lastVisible || !active)) lastMarked.classList.remove('is-last-visible');
    if (lastVisible && active && lastVisible !== lastMarked) lastVisible.classList.add('is-last-visible');
    items.forEach(function (item) {
      if (!item.link || !item.section) return;
      var out = !sectionShown[sectionIndex.get(item.section)];
      if (out === item.filteredOut) return;
      item.filteredOut = out;
      item.link.classList.toggle('is-filtered-out', out);
      if (out) {
        item.link.setAttribute('aria-disabled', 'true');
        item.link.setAttribute('tabindex', '-1');
      } else {
        item.link.removeAttribute('aria-disabled');
        item.link.removeAttribute('tabindex');
      }
    });
    navBySection.forEach(function (a, section) { a.classList.toggle('is-filtered-out', !sectionShown[sectionIndex.get(section)]); });

    var generation = filter.generation = (filter.generation || 0) + 1;
    // The matches in the full list's place: the first screen of them now, the rest as the reader scrolls.
    if (resultsView) {
      if (replacing) {
        resultsView.show(ix, visible, sectionShown);
        invalidate();
        announce(count, n, true);
        requestAnimationFrame(function () { if (generation === filter.generation) updateCurrent(); });
        // (results are laid out whole, not as runs found on screen a frame late: the next frame shows them)
        afterFrame(function () { if (generation === filter.generation) { measure('indexsite-filter'); complete(); } });
        return;
      }
      resultsView.restore();
    }

    // Then the entries, run by run, from the one in view to the end, then those above it.
    var order = new Int32Array(runTotal);
    for (k = 0, r = start; r < runTotal; r++) order[k++] = r;
    for (r = 0; r < start; r++) order[k++] = r;
    var step = 0, at = -1;
    var shown = ix.shown, entries = ix.entries;

    // A run's height estimate (for while it is off screen and not laid out) follows the entries it shows: 3.5rem
    // an entry, as the stylesheet estimates a whole run, and none for a run with nothing to show, so that the runs
    // the screen needs come into view, and are drawn, together rather than one a frame, and a run filtered empty
    // leaves no gap. Only the runs of the first frame get a new estimate (each write restyles the run, up to 1 ms:
    // a thousand runs would take longer than the filtering), and later runs only have an estimate corrected that
    // was written before. (Runs are not hidden as a whole either: hiding a run the browser has not laid out makes
    // it style all of its entries first, about 1 ms a run.)
    function settleRun(r, first) {
      if (!ix.runOwn[r]) return;
      var estimate = active ? perRun[r] : -1;
      if (estimate !== ix.runEstimate[r] && (first || ix.runEstimate[r] >= 0)) {
        ix.runs[r].style.containIntrinsicBlockSize = estimate < 0 ? '' : estimate === 0 ? '0px' : 'auto ' + estimate * 3.5 + 'rem';
        ix.runEstimate[r] = estimate;
      }
    }

    // Writes only, no reads between them. Stops after `enough` entries that end up shown (the first frame) or
    // at `deadline`; returns true when every entry is as it should be. `first`: the work before the first frame.
    function apply(deadline, enough, first) {
      var seen = 0, writes = 0, restyled = 0;
      while (step < order.length) {
        var r = order[step], to = ix.runFirst[r + 1], section = ix.runSection[r];
        if (section >= 0) {
          if (sectionShown[section] !== ix.sectionShown[section]) {
            // The browser's part comes with the next frame: before the first, sections with at most RESTYLE_RUNS runs
            // in all are shown or hidden (counted in runs, not in time); after it, all the others at once (one frame
            // for many costs less than a frame for each).
            if (first && restyled && restyled + ix.sectionRuns[section] > RESTYLE_RUNS) return false;
            restyled += ix.sectionRuns[section];
            showSection(section, sectionShown[section]);
          }
          if (!sectionShown[section]) { step++; at = -1; continue; }   // hidden with its section
        }
        if (at < 0) at = ix.runFirst[r];
        for (; at < to; at++) {
          var v = visible[at];
          if (v !== shown[at]) {
            entries[at].hidden = !v;
            shown[at] = v;
            if ((++writes & 127) === 0 && performance.now() > deadline) { at++; settleRun(r, first); return false; }
          }
          if (v && enough && ++seen >= enough) { at++; settleRun(r, first); return false; }
        }
        settleRun(r, first);
        step++;
        at = -1;
      }
      return true;
    }

    var done = apply(started + FIRST_FRAME_MS, n > LONG_PAGE ? FIRST_SHOWN : 0, true);
    invalidate();
    announce(active ? count : -1, n, done);
    // the section in view is read at the start of the next frame, which lays the page out once for it and for drawing
    requestAnimationFrame(function () { if (generation === filter.generation) updateCurrent(); });

    function measure(name) {
      if (performance.measure) performance.measure(name, { start: started, end: performance.now() });
    }
    // How long a keystroke took until the page was drawn again ("indexsite-filter"), and until every entry was
    // ("indexsite-filter-complete"): User Timing measures, from the input event, that benchmarks and the browser's
    // profiler can read.
    function afterFrame(f) { requestAnimationFrame(function () { nextTask(f); }); }
    function rest() {
      if (generation !== filter.generation) return;
      var finished = apply(performance.now() + SLICE_MS, 0, false);
      invalidate();
      if (!finished) { nextTask(rest); return; }
      updateCurrent();
      announce(active ? count : -1, n, true);
      afterFrame(function () { if (generation === filter.generation) complete(); });
    }
    function complete() {
      measure('indexsite-filter-complete');
      flushAddress();
    }
    // The first screen of results is drawn in the frame after next: the entries of the first frame are right, but a
    // run that was off screen until this keystroke and moved into view is drawn only once the browser has found it
    // on screen, a frame later. "indexsite-filter" is measured then. The rest waits for it too: the browser marks the
    // runs that left the screen as not to be laid out only after that frame, so entries shown in them sooner would
    // all be laid out in it.
    afterFrame(function () {
      if (generation !== filter.generation) return;
      afterFrame(function () {
        if (generation !== filter.generation) return;
        measure('indexsite-filter');
        if (done) complete(); else rest();
      });
    });
  }

  // Hides or shows a section (the index records what the page shows), and keeps the list of shown sections.
  function showSection(i, show) {
    var ix = filter.index;
    if (show === ix.sectionShown[i]) return;
    sectionEls[i].hidden = !show;
    ix.sectionShown[i] = show;
  }

  // The first run of entries whose bottom is below the sticky chrome, among those the page shows now: a binary
  // search over live positions (a handful of reads).
  function runInView(ix) {
    var open = [];
    for (var r = 0; r < ix.runs.length; r++) {
      var section = ix.runSection[r];
      if (section < 0 || ix.sectionShown[section]) open.push(r);
    }
    if (!open.length) return 0;
    var line = chromeHeight(), lo = 0, hi = open.length - 1, found = open[0];
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (ix.runs[open[mid]].getBoundingClientRect().bottom > line) { found = open[mid]; hi = mid - 1; } else lo = mid + 1;
    }
    return found;
  }

  // A task after the ones queued now, without the 4 ms that nested setTimeout(0) waits.
  var nextTask = (function () {
    if (!window.MessageChannel) return function (f) { setTimeout(f, 0); };
    var channel = new MessageChannel(), queue = [];
    channel.port1.onmessage = function () { var f = queue.shift(); if (f) f(); };
    return function (f) { queue.push(f); channel.port2.postMessage(null); };
  })();

  // The status tells what is on screen: while slices of a long page are still
  // being shown or hidden it says so, and the count is final only when done.
  function announce(count, total, done) {
    var raw = filter.input.value.trim();
    if (facetBar) raw = facetBar.describe(raw);
    var message;
    if (count < 0) message = WORDS.all(total);
    else if (!done) message = WORDS.working(count, total, raw);
    else if (count === 0) message = WORDS.none(raw);
    else message = WORDS.some(count, total, raw);
    filter.status.textContent = message;
  }

  // ---- Whole-list search of a split list -----------------------------------
  // Every page of a split list searches the list's index (indexsite-search.js: a manifest, then only the shards of
  // the words typed and the display data of the results shown), and shows the matches from every page as links, in
  // place of this page's sections.

  var wholeList = (function () {
    var state = { index: null, failed: false, results: null, generation: 0, timer: 0,
                  total: +(listPage.getAttribute && listPage.getAttribute('data-entry-count')) || 0 };
    var LIMIT = 50;         // results listed at once
    var DEBOUNCE_MS = 80;   // a pause in typing before pieces are fetched

    function load() {
      if (state.index || state.failed || !searchHref) return;
      if (!window.indexsiteSearch) { fail(); return; }
      state.index = window.indexsiteSearch.list(searchHref);
      state.index.open().then(function (manifest) { state.total = manifest.entries; }, fail);
    }

    function fail() {
      state.failed = true;
      filter.status.textContent = WORDS.loadFailed();
      runFallback();
    }

    function ensureBox() {
      if (state.results) return;
      state.results = doc.createElement('ol');
      state.results.className = 'search-results';
      state.results.hidden = true;
      var box = listMain.querySelector('.filter');
      box.after(state.results);
      // a result on this very page: clear the search so the entry is there to land on
      state.results.addEventListener('click', function (event) {
        var a = event.target.closest && event.target.closest('a');
        if (!a || a.href.split('#')[0] !== here) return;
        filter.input.value = '';
        writeQuery('');
        show(false);
        filter.status.textContent = WORDS.all(state.total);
      });
    }

    // While a search is active the page's own sections (and overview) give way to the results, and so do the links
    // to this page's neighbours and to the other pages of its section (they lead from this page, not from the results).
    function show(on) {
      ensureBox();
      state.results.hidden = !on;
      Array.prototype.forEach.call(listMain.querySelectorAll('.overview, .section-pager, .section-part'), function (el) { el.hidden = on; });
      // (the page's own entries keep their boxes while hidden, as under a facet's results: display: none would take
      // apart those of up to page_size entries at the first results, and build them again when the search is cleared)
      var own = listMain.querySelector('.sections');
      if (own) own.classList.toggle('is-replaced', on);
    }

    function search() {
      load();
      if (state.failed) { runFallback(); return; }
      clearTimeout(state.timer);
      var raw = filter.input.value.trim();
      ensureBox();
      if (!raw) {
        state.generation++;
        show(false);
        filter.status.textContent = WORDS.all(state.total);
        return;
      }
      state.typedAt = performance.now();
      state.timer = setTimeout(run, DEBOUNCE_MS);
    }

    function run() {
      var mine = ++state.generation, typedAt = state.typedAt;
      var raw = filter.input.value.trim();
      filter.status.textContent = WORDS.loading();
      state.index.search(raw, LIMIT).then(function (result) {
        if (mine !== state.generation) return;
        state.total = state.index.manifest.entries;
        var frag = doc.createDocumentFragment();
        (result ? result.hits : []).forEach(function (hit) { frag.appendChild(window.indexsiteSearch.resultItem(hit)); });
        state.results.textContent = '';
        state.results.appendChild(frag);
        show(true);
        var count = result ? result.count : 0;
        var message = count === 0 ? WORDS.none(raw) : WORDS.some(count, state.total, raw);
        // Sentences are set apart by a space, except after the full-width stops of Chinese and Japanese.
        if (result && count > result.hits.length) message += (/[。！？]$/.test(message) ? '' : ' ') + WORDS.firstShown(result.hits.length);
        filter.status.textContent = message;
        // "indexsite-search-results": from the arrival of the shards to the results drawn (benchmarks read it).
        requestAnimationFrame(function () {
          setTimeout(function () {
            if (!performance.measure || mine !== state.generation) return;
            // "indexsite-search": from the keystroke to the results drawn, pieces fetched included
            performance.measure('indexsite-search', { start: typedAt, end: performance.now() });
            if (performance.getEntriesByName('indexsite-search-pieces').length) {
              performance.measure('indexsite-search-results', 'indexsite-search-shards');
              performance.measure('indexsite-search-drawn', 'indexsite-search-pieces');
            }
          }, 0);
        });
      }, function () { if (mine === state.generation) fail(); });
    }

    // The index missing (a theme of the site's own, a partial upload): filter this page as before
    function runFallback() {
      if (!sectionEls.length) return;
      if (!filter.index) buildIndex();
      runFilter();
    }

    return { load: load, search: search };
  })();

  // ---- Facets ---------------------------------------------------------------
  // A list with `facets:` has a bar of chips per field, "value (count)", each a link to that value's own page (so
  // they work without the script). On the list's own page (the bar has data-live) they become toggles: pressed
  // values of one field widen each other (any of them), fields narrow each other (all of them), and both narrow the
  // filter's matches. Each entry's values are read once into the filter's index (data-facets: the places of its
  // values among the chips, "0|3 5", fields apart by "|"), kept as each value's list of entries; a press is a few
  // passes over typed arrays, then the filter's own drawing. The pressed values are in the address
  // (?license=MIT&license=BSD), one history step per press, so a narrowed page can be shared and Back undoes a press.
  // The counts follow what is still reachable: for a chip, the entries the filter and the other fields leave that
  // have its value.

  var facetBar = (function () {
    // On a phone the bar starts folded (its summary names how many values are pressed), so the list is on the first
    // screen; a value's page folds it too.
    var anyBar = listMain.querySelector('.facets');
    if (anyBar && window.matchMedia && window.matchMedia('(max-width: 40rem)').matches) anyBar.open = false;
    var bar = listMain.querySelector('.facets[data-live]');
    if (!bar || !sectionEls.length || searchHref) return null;
    var groups = Array.prototype.map.call(bar.querySelectorAll('.facet'), function (el) {
      var chips = [];
      // The links become buttons (a toggle is a button; its pressed state is aria-pressed).
      Array.prototype.forEach.call(el.querySelectorAll('a.facet-chip'), function (a) {
        var button = doc.createElement('button');
        button.type = 'button';
        button.className = 'facet-chip';
        button.setAttribute('aria-pressed', 'false');
        while (a.firstChild) button.appendChild(a.firstChild);
        a.replaceWith(button);
        var index = +a.getAttribute('data-value');
        chips[index] = {
          el: button, label: button.querySelector('.facet-chip-label').textContent,
          count: button.querySelector('.facet-chip-count'), shownCount: -1
        };
      });
      return { el: el, slug: el.getAttribute('data-facet'), label: (el.querySelector('.facet-label') || el).textContent,
               chips: chips, selected: new Uint8Array(chips.length), pressed: 0 };
    });
    if (!groups.length) return null;
    var F = groups.length;
    var summary = bar.querySelector('.facets-summary');
    var summaryText = summary ? summary.textContent : '';

    // Each field's entries by value, read once into the filter's index: the entries with value v of field f are
    // fields[f].list[at[v] .. at[v + 1]], in document order. A press then reads only the lists of the values pressed
    // and, for the counts, each entry's values once: a few passes over typed arrays, no work per entry and field.
    function newValues(n) {
      var owner = new Int32Array(n), pairs = [];   // per field: value, entry, value, entry...
      for (var f = 0; f < F; f++) pairs.push([]);
      return {
        // An entry without values of its own (a nested item) has its parent's (its `owner`'s).
        read: function (i, el, parent) {
          var text = el.getAttribute('data-facets');
          if (text === null && parent >= 0) { owner[i] = owner[parent]; return; }
          owner[i] = i;
          if (!text) return;
          var f = 0, num = -1;
          for (var c = 0; c <= text.length; c++) {
            var code = c < text.length ? text.charCodeAt(c) : 124;
            if (code >= 48 && code <= 57) num = (num < 0 ? 0 : num * 10) + code - 48;
            else {
              if (num >= 0 && f < F) pairs[f].push(num, i);
              num = -1;
              if (code === 124) f++;
            }
          }
        },
        done: function () {
          var fields = pairs.map(function (list, f) {
            var values = groups[f].chips.length, k;
            for (k = 0; k < list.length; k += 2) values = Math.max(values, list[k] + 1);
            var at = new Int32Array(values + 1), entries = new Int32Array(list.length / 2);
            for (k = 0; k < list.length; k += 2) at[list[k] + 1]++;
            for (k = 0; k < values; k++) at[k + 1] += at[k];
            var next = at.slice(0, values);
            for (k = 0; k < list.length; k += 2) entries[next[list[k]]++] = list[k + 1];
            return { at: at, list: entries };
          });
          return { owner: owner, fields: fields };
        }
      };
    }

    function anyPressed() {
      for (var f = 0; f < F; f++) if (groups[f].pressed) return true;
      return false;
    }

    // The entries (as bits, entry i at bit i) that the pressed values of field `f` reach, or null when none is pressed.
    function reachOf(fv, f, words) {
      var g = groups[f];
      if (!g.pressed) return null;
      var bits = new Int32Array(words), at = fv.fields[f].at, list = fv.fields[f].list;
      for (var v = 0; v < g.selected.length; v++) {
        if (!g.selected[v]) continue;
        for (var k = at[v], e = at[v + 1]; k < e; k++) bits[list[k] >>> 5] |= 1 << (list[k] & 31);
      }
      return bits;
    }

    // The filter's matches (`own`, by its text) narrowed by the pressed chips, or null when none is pressed; the
    // counts are set on the way.
    function narrow(ix, own) {
      var fv = ix.facetValues;
      if (!fv) return null;
      var started = performance.now();
      var n = own.length, words = (n + 31) >>> 5, pressed = anyPressed(), f, g, i, w;
      var reach = [];
      for (f = 0; f < F; f++) reach.push(reachOf(fv, f, words));
      var out = null;
      if (pressed) {
        // an entry stays when its owner is reached by every field pressed
        var every = new Int32Array(words).fill(-1);
        for (f = 0; f < F; f++) if (reach[f]) for (w = 0; w < words; w++) every[w] &= reach[f][w];
        out = new Uint8Array(n);
        var owner = fv.owner;
        for (i = 0; i < n; i++) if (own[i]) out[i] = (every[owner[i] >>> 5] >>> (owner[i] & 31)) & 1;
      }
      // A chip counts the top-level entries with its value that the text and every other field leave.
      var counts = null;
      if (pressed || filter.input.value.trim() !== '') {
        var base = new Int32Array(words);
        for (i = 0; i < n; i++) if (own[i] && ix.parent[i] < 0) base[i >>> 5] |= 1 << (i & 31);
        counts = [];
        for (f = 0; f < F; f++) {
          var mask = base.slice();
          for (g = 0; g < F; g++) if (g !== f && reach[g]) for (w = 0; w < words; w++) mask[w] &= reach[g][w];
          var at = fv.fields[f].at, list = fv.fields[f].list, c = new Int32Array(at.length - 1);
          for (var v = 0; v < c.length; v++) {
            var sum = 0;
            for (var k = at[v], e = at[v + 1]; k < e; k++) sum += (mask[list[k] >>> 5] >>> (list[k] & 31)) & 1;
            c[v] = sum;
          }
          counts.push(c);
        }
      }
      showCounts(counts);
      // the facets' own part of a press or a keystroke ("indexsite-facets"), for benchmarks and the profiler
      if (performance.measure) performance.measure('indexsite-facets', { start: started, end: performance.now() });
      return out;
    }

    // Each chip's count: what is still reachable, or (nothing narrowing) the whole list's, as the build wrote it.
    function showCounts(counts) {
      groups.forEach(function (g, f) {
        g.chips.forEach(function (chip, v) {
          if (!chip) return;
          var value = counts ? counts[f][v] : -1;
          if (value === chip.shownCount) return;
          if (chip.built === undefined) chip.built = chip.count.textContent;
          chip.shownCount = value;
          chip.count.textContent = value < 0 ? chip.built : '(' + formatNumber(value) + ')';
          chip.el.classList.toggle('is-unreachable', value === 0);
        });
      });
    }

    // The status line names the pressed values after what was typed: Language: Go, Rust · Licence: MIT.
    function describe(typed) {
      var parts = typed ? [typed] : [];
      groups.forEach(function (g) {
        if (!g.pressed) return;
        var names = [];
        g.chips.forEach(function (chip, v) { if (chip && g.selected[v]) names.push(chip.label); });
        parts.push(g.label + ': ' + names.join(', '));
      });
      return parts.join(' · ');
    }

    function setPressed(g, v, on) {
      if (!g.chips[v] || !!g.selected[v] === on) return;
      g.selected[v] = on ? 1 : 0;
      g.pressed += on ? 1 : -1;
      g.chips[v].el.setAttribute('aria-pressed', on ? 'true' : 'false');
      // a pressed value folded under "More" is shown
      var more = on && g.chips[v].el.closest('.facet-more');
      if (more) more.open = true;
    }

    function showSummary() {
      if (!summary) return;
      var total = groups.reduce(function (sum, g) { return sum + g.pressed; }, 0);
      summary.textContent = total ? summaryText + ' (' + formatNumber(total) + ')' : summaryText;
    }

    // The pressed values as the address holds them: one parameter per field, repeated per value (its label).
    function readURL() {
      var params;
      try { params = new URLSearchParams(location.search); } catch (e) { return false; }
      var changed = false;
      groups.forEach(function (g) {
        var wanted = params.getAll(g.slug).map(function (v) { return v.toLowerCase(); });
        g.chips.forEach(function (chip, v) {
          if (!chip) return;
          var on = wanted.indexOf(chip.label.toLowerCase()) >= 0;
          if (on !== !!g.selected[v]) { setPressed(g, v, on); changed = true; }
        });
      });
      return changed;
    }

    function writeURL() {
      try {
        var url = new URL(addressNow());
        groups.forEach(function (g) {
          url.searchParams.delete(g.slug);
          g.chips.forEach(function (chip, v) { if (chip && g.selected[v]) url.searchParams.append(g.slug, chip.label); });
        });
        setAddress(url.href, true);
      } catch (e) { /* an address the browser will not rewrite: the chips work, unshared */ }
    }

    function refilter(startedAt) {
      showSummary();
      if (ensureIndex()) runFilter(performance.now()); else runFilter(startedAt);
    }

    bar.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('button.facet-chip');
      if (!button) return;
      var g = groups.filter(function (group) { return group.el.contains(button); })[0];
      if (!g) return;
      var v = g.chips.findIndex(function (chip) { return chip && chip.el === button; });
      setPressed(g, v, !g.selected[v]);
      writeURL();
      refilter(event.timeStamp);
    });

    function applyURL() { if (readURL()) { if (anyPressed()) bar.open = true; refilter(); } }
    window.addEventListener('popstate', applyURL);
    window.addEventListener('pageshow', function (event) { if (event.persisted) applyURL(); });

    return { newValues: newValues, narrow: narrow, describe: describe, applyURL: applyURL, anyPressed: anyPressed };
  })();

  // ---- Results in the list's place (pages with facets) ------------------------
  // While a chip is pressed or text is typed on a page with facets, one class hides the full list and the matching
  // entries are moved, in order, into a list of results beside it, under their sections' headings: a screen of them
  // at once, more as the reader scrolls near the end. So a press writes what the screen shows, not each of the
  // list's entries. Clearing moves every drawn entry back to the place it left (a comment marks each): the full list
  // is as it was. Jumps to a section (strip, sidebar, letter keys) go to its part of the results.

  var resultsView = (function () {
    var full = listMain.querySelector('.sections');
    if (!facetBar || !full) return null;
    var FIRST = FIRST_SHOWN;    // at most this many entries drawn with the press or keystroke
    var MORE = 200;             // at most this many drawn each time the reader nears the end of those drawn
    var BATCH = 4;              // entries drawn before the first read of where the results end; then twice as many
    var RUN = 100;              // entries in one list of results, as the build writes a long section's runs
    var box = null, more = null, watcher = null;
    var state = null;           // { ix, visible, sectionShown, tops, drawn, nextSection, shells, moved, nested }

    function make() {
      box = doc.createElement('div');
      box.className = 'filter-results';
      box.hidden = true;
      full.after(box);
      more = doc.createElement('div');   // the end of what is drawn: nearing it draws more
      more.className = 'filter-results-more';
      box.after(more);
      if (window.IntersectionObserver) {
        // two screens ahead of the reader, so scrolling rarely reaches the end of what is drawn
        watcher = new IntersectionObserver(function (seen) {
          if (!state || !seen.some(function (e) { return e.isIntersecting; })) return;
          fill(3 * window.innerHeight, MORE);
          // observed anew: it fires again if the end drawn is still near the screen
          watcher.unobserve(more);
          if (state && state.drawn < state.tops.length) watcher.observe(more);
        }, { rootMargin: '0px 0px 200% 0px' });
      }
    }

    // A section's heading among the results (its own stays in the hidden list, with its id).
    function shell(i) {
      var original = sectionEls[i], heading = original.querySelector('.section-header');
      var section = doc.createElement('section');
      section.className = original.className + ' is-result';
      var copy = doc.createElement(heading ? heading.tagName : 'h2');
      copy.className = 'section-header';
      copy.id = 'indexsite-result-' + (heading ? heading.id : i);
      copy.textContent = heading ? heading.textContent : '';
      section.setAttribute('aria-labelledby', copy.id);
      section.appendChild(copy);
      box.appendChild(section);
      var item = itemBySection.get(original), nav = navBySection.get(original);
      if (item) itemBySection.set(section, item);
      if (nav) navBySection.set(section, nav);
      state.shells[i] = { el: section, list: null, size: 0 };
      state.order.push(section);
      return state.shells[i];
    }

    // The headings of the shown sections up to section `upTo` (parents with no matches of their own included).
    function shellsUpTo(upTo) {
      for (; state.nextSection <= upTo && state.nextSection < sectionEls.length; state.nextSection++) {
        if (state.sectionShown[state.nextSection]) shell(state.nextSection);
      }
    }

    // Moves the next `count` matching top-level entries (with their nested items, those not matching hidden).
    function draw(count) {
      var ix = state.ix, entries = ix.entries, n = entries.length, tops = state.tops;
      var end = Math.min(tops.length, state.drawn + count);
      for (var k = state.drawn; k < end; k++) {
        var i = tops[k], s = ix.section[i];
        shellsUpTo(s);
        // (an entry outside any section, from a template of the site's own, goes without a heading)
        var place = s < 0 ? (state.loose || (state.loose = { el: box, list: null, size: 0 })) : state.shells[s] || shell(s);
        if (!place.list || place.size >= RUN) {
          place.list = doc.createElement('ul');
          place.list.className = 'entries';
          place.size = 0;
          place.el.appendChild(place.list);
        }
        var el = entries[i], mark = doc.createComment('');
        el.replaceWith(mark);
        place.list.appendChild(el);
        place.size++;
        state.moved.push(el, mark);
        for (var j = i + 1; j < n && ix.parent[j] >= 0; j++) {
          if (!state.visible[j] && !entries[j].hidden) { entries[j].hidden = true; state.nested.push(entries[j]); }
        }
      }
      state.drawn = end;
      if (end === tops.length) shellsUpTo(sectionEls.length - 1);
      if (entriesObserver) entriesObserver.takeRecords();   // the script's own moves: the index still holds
      invalidate();
    }

    function show(ix, visible, sectionShown) {
      if (!box) make();
      restore(true);
      var tops = [];
      for (var i = 0; i < visible.length; i++) if (visible[i] && ix.parent[i] < 0) tops.push(i);
      state = { ix: ix, visible: visible, sectionShown: sectionShown, tops: tops, drawn: 0, nextSection: 0,
                shells: [], order: [], moved: [], nested: [] };
      full.classList.add('is-replaced');
      box.hidden = false;
      fill(window.innerHeight, FIRST);
      if (watcher && state.drawn < tops.length) watcher.observe(more);
    }

    // Draws results until they reach `below` px under the top of the screen, or `most` more are drawn: 4, then
    // twice as many each time, reading between where they end. What is drawn is about a screen's height, not a count
    // of entries: an entry with a description and fields is several lines, and each one drawn is laid out in the
    // next frame (tall entries: few drawn past the screen; short ones: few reads). Each read lays out only what was
    // added, which the frame would do anyway.
    function fill(below, most) {
      var limit = Math.min(state.tops.length, state.drawn + most);
      for (var batch = BATCH; state.drawn < limit; batch *= 2) {
        draw(Math.min(batch, limit - state.drawn));
        if (more.getBoundingClientRect().top > below) return;
      }
    }

    // Every drawn entry back in its place; the full list shown again unless `keep` (another draw follows at once).
    function restore(keep) {
      if (!state) return;
      if (watcher) watcher.unobserve(more);
      var moved = state.moved;
      for (var k = 0; k < moved.length; k += 2) moved[k + 1].replaceWith(moved[k]);
      state.nested.forEach(function (el) { el.hidden = false; });
      state.order.forEach(function (section) { itemBySection.delete(section); navBySection.delete(section); });
      box.textContent = '';
      state = null;
      if (!keep) {
        box.hidden = true;
        full.classList.remove('is-replaced');
      }
      if (entriesObserver) entriesObserver.takeRecords();
      invalidate();
    }

    // Section `section`'s part of the results, drawn up to it first (a jump past what is drawn).
    function place(section) {
      var i = sectionIndex.get(section);
      if (i === undefined || !state) return section;
      while (!state.shells[i] && state.nextSection <= i && state.drawn < state.tops.length) draw(MORE);
      shellsUpTo(i);
      return state.shells[i] ? state.shells[i].el : section;
    }

    return {
      show: show, restore: function () { restore(false); }, place: place,
      active: function () { return !!state; },
      sections: function () { return state ? state.order.slice() : []; }
    };
  })();

  // ---- Sections sheet (phones) ----------------------------------------------
  // Below 64rem the sidebar of full titles is a sheet opened by a button in the
  // header: any section in two taps, with its whole title.

  (function sectionsSheet() {
    if (!sectionNav) return;
    var button = doc.createElement('button');
    button.type = 'button';
    button.className = 'sections-button';
    button.textContent = WORDS.sections();
    button.setAttribute('aria-controls', sectionNav.id || 'section-nav');
    button.setAttribute('aria-expanded', 'false');
    doc.body.appendChild(button);
    root.classList.add('has-sections-button');
    function setOpen(open) {
      sectionNav.classList.toggle('is-open', open);
      button.setAttribute('aria-expanded', open ? 'true' : 'false');
      if (open) {
        var mark = sectionNav.querySelector('a[aria-current]');
        if (mark) mark.scrollIntoView({ block: 'center' });
        (mark || sectionNav.querySelector('a')).focus({ preventScroll: true });
      }
    }
    button.addEventListener('click', function () { setOpen(!sectionNav.classList.contains('is-open')); });
    sectionNav.addEventListener('click', function (event) {
      if (event.target.closest && event.target.closest('a')) setOpen(false);
    });
    doc.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && sectionNav.classList.contains('is-open')) { setOpen(false); button.focus(); }
    });
  })();

  // ---- Start ----------------------------------------------------------------

  layoutStrip();

  // Opened at #fragment: the filter box inserted above, and a strip widened by
  // dropping titles, may have moved the target after the browser's jump; jump
  // again (not on reload or Back, where the browser restores the reader's place).
  (function refocusFragment() {
    var nav = performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
    if (!location.hash || (nav && nav.type !== 'navigate')) return;
    var target = doc.getElementById(idFromFragment(location.hash.slice(1)));
    if (!target || !listMain.contains(target)) return;
    if (target.classList.contains('section-header')) scrollToSection(target.closest('.section'));
    else target.scrollIntoView({ block: 'start' });
  })();

  markLanded();
  applyQueryFromURL();
  if (facetBar) facetBar.applyURL();
  updateCurrent();
  window.addEventListener('load', function () {
    layoutStrip();
    updateCurrent();
    if (filter.input && !searchHref && !filter.index) buildIndexWhenIdle();
  });
})();
