// The one-line embed for a blog (see docs/embed.html):
//
//   <script src="https://SITE/app/embed-loader.js" data-game="zebra" async></script>
//
// It puts an iframe of SITE/embed.html right after itself (sandboxed, lazily loaded) and keeps
// its height equal to the widget's, from the widget's "virus-games:size" messages; messages
// from any other origin or window are ignored. data-* attributes become the widget's URL
// parameters: data-game, data-mode, data-record, data-level, data-seats, data-ply, data-lang,
// data-title (the iframe's title), and data-option-<name> for game options (data-option-size).
// A classic script on purpose: it runs in the blog's page, which may not load modules.
(function () {
    "use strict";
    var script = document.currentScript;
    if (!script || !script.src) return;
    var site = new URL(script.src);
    var params = new URLSearchParams();
    var names = ["game", "mode", "record", "level", "seats", "ply", "lang"];
    for (var i = 0; i < names.length; i += 1) {
        var value = script.getAttribute("data-" + names[i]);
        if (value) params.set(names[i], value);
    }
    for (var j = 0; j < script.attributes.length; j += 1) {
        var attribute = script.attributes[j];
        if (attribute.name.indexOf("data-option-") === 0 && attribute.value) {
            params.set(attribute.name.slice(12), attribute.value);
        }
    }
    var frame = document.createElement("iframe");
    frame.src = new URL("../embed.html?" + params.toString(), site).href;
    frame.title = script.getAttribute("data-title") || "Virus Games";
    frame.loading = "lazy";
    // allow-scripts and allow-same-origin are needed (an opaque origin cannot load the
    // widget's modules); the popups let "Open on the full site" open a normal tab.
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    frame.setAttribute("allow", "fullscreen; clipboard-write");
    frame.style.cssText = "display:block;width:100%;max-width:760px;aspect-ratio:4/5;border:0;";
    script.parentNode.insertBefore(frame, script.nextSibling);
    window.addEventListener("message", function (event) {
        if (event.origin !== site.origin || event.source !== frame.contentWindow) return;
        var data = event.data;
        if (!data || data.type !== "virus-games:size") return;
        var height = Number(data.height);
        if (height > 0 && height < 20000) {
            frame.style.aspectRatio = "auto";
            frame.style.height = Math.ceil(height) + "px";
        }
    });
    frame.addEventListener("load", function () {
        frame.contentWindow.postMessage({ type: "virus-games:ping" }, site.origin);
    });
})();
