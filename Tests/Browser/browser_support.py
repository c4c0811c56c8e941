"""Helpers the browser tests share: exact viewports through DevTools, and waiting until a page stops moving."""
import time


def emulate(d, width, height, mobile, touch=None):
    """Sets an exact viewport (CSS pixels) and whether the page sees a touch screen (by default: when mobile)."""
    touch = mobile if touch is None else touch
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5 if touch else 1})


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
