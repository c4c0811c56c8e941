"""Helpers the browser tests share: exact viewports through DevTools, and waiting until a page stops moving."""
import time

from selenium.webdriver.support.ui import WebDriverWait


def emulate(d, width, height, mobile, touch=None):
    """Sets an exact viewport (CSS pixels) and whether the page sees a touch screen (by default: when mobile)."""
    touch = mobile if touch is None else touch
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5 if touch else 1})


def load(d, url, script=True):
    """Opens `url` afresh (from a blank page, so a fragment or query still loads it anew), waits until it has loaded
    and, with page scripts on, until the theme's script has started, then until it stops moving."""
    d.get("about:blank")
    d.get(url)
    WebDriverWait(d, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    if script:
        WebDriverWait(d, 10).until(lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
    settle(d)
    return d


def settle(d, frames=90):
    """Waits until the page has stopped moving: the scroll position and the document height unchanged for three
    animation frames (at most `frames`). With page scripts off there are no frames to wait on, so it polls."""
    if d.execute_script("return document.documentElement.classList.contains('js')"):
        d.execute_async_script("""
          var limit = arguments[0], done = arguments[arguments.length - 1], last = null, same = 0, n = 0;
          (function frame() {
            var now = window.pageYOffset + ',' + document.documentElement.scrollHeight;
            same = now === last ? same + 1 : 0; last = now;
            if (same >= 3 || ++n > limit) done(); else requestAnimationFrame(frame);
          })();""", frames)
    else:
        last, same = None, 0
        for _ in range(40):
            now = d.execute_script("return [window.pageYOffset, document.documentElement.scrollHeight]")
            same = same + 1 if now == last else 0
            last = now
            if same >= 2:
                break
            time.sleep(0.03)


def axe_source():
    """axe-core's script (4.12), as the axe-playwright-python package ships it (installed without its dependencies by
    Scripts/browser-env.sh; only the script is used)."""
    import importlib.util
    import pathlib
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec, "axe-playwright-python is not installed: run Scripts/browser-env.sh"
    return (pathlib.Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(d, exclude=()):
    """axe-core's violations of any impact on the page as it is now (WCAG 2.2's target-size included), each with the
    first few nodes it names; `exclude` lists CSS selectors of parts left out of the audit."""
    d.execute_script(axe_source())
    return d.execute_async_script("""var done = arguments[arguments.length - 1], exclude = arguments[0];
      var context = exclude.length ? { include: [document], exclude: exclude.map(function (s) { return [s]; }) } : document;
      axe.run(context, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } }).then(function (r) {
        done(r.violations.map(function (v) {
          return { id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map(function (n) { return n.target.join(' '); }),
                   count: v.nodes.length }; }));
      }, function (e) { done([{ id: 'axe-error', impact: String(e), nodes: [], count: 0 }]); });""", list(exclude))
