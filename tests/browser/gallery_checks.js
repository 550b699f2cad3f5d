// What the module's gallery (foundry_module/gallery) must never show, as a list of problems,
// each naming its exhibit: run in the page by tests/browser/test_module_gallery.py.
//
// - text outside its card or window (it overflows), or a box that clips its text (overflow
//   hidden with more inside than shows);
// - a button outside its card or window, or its label outside the button;
// - an untranslated key (a visible "BALLCOURT." string) or an unfilled placeholder ("{player}"),
//   in the page's text, its tooltips or the words drawn on the court's canvas;
// - a broken glyph (tofu). document.fonts lists only web fonts, not the system's fonts the
//   browser falls back on, so each distinct character is drawn on a canvas in the font its
//   element computes (the same fallback chain as the page's text) and compared, pixel for pixel,
//   with two code points no font covers (private use, planes 15 and 16): a character that draws
//   the same missing-glyph box, or draws nothing at all, is not covered;
// - text too faint on its background (WCAG contrast under 3:1), as a theme's colours may leave it.
() => {
  const problems = [];
  const label = (el) => {
    const ex = el.closest("[data-exhibit]");
    const log = el.closest(".chat-log");
    return `${ex ? ex.dataset.exhibit : "?"}${log ? `@${log.dataset.width}` : ""}`;
  };
  const within = (r, box) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
    && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  const textRects = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  };
  const short = (s) => s.trim().replace(/\s+/g, " ").slice(0, 50);
  const boxes = [...document.querySelectorAll(".chat-message, .application")];
  const texts = [];
  for (const box of boxes) {
    const outer = box.getBoundingClientRect();
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      // Foundry's own window title is one line ending in an ellipsis by design: not the module's
      if (!node.data.trim() || node.parentElement.closest("select, option, datalist, textarea, .window-title")) continue;
      texts.push(node);
      if (textRects(node).some((r) => !within(r, outer))) problems.push(`${label(box)}: text overflows: "${short(node.data)}"`);
      const button = node.parentElement.closest("button");
      if (button && textRects(node).some((r) => !within(r, button.getBoundingClientRect()))) {
        problems.push(`${label(box)}: a button's label runs out of it: "${short(node.data)}"`);
      }
    }
    for (const el of box.querySelectorAll("*:not(.window-title):not(select):not(input):not(textarea):not(option)")) {
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1;
      const clipsY = style.overflowY !== "visible" && el.scrollHeight > el.clientHeight + 1;
      if ((clipsX || clipsY) && el.textContent.trim()) problems.push(`${label(box)}: <${el.tagName.toLowerCase()}> clips "${short(el.textContent)}"`);
    }
    for (const button of box.querySelectorAll("button")) {
      if (!within(button.getBoundingClientRect(), outer)) problems.push(`${label(box)}: button outside: "${short(button.textContent)}"`);
    }
  }

  const visible = [document.body.innerText, ...[...document.querySelectorAll("[title]")].map((el) => el.title),
    ...window.gallery.texts];
  for (const text of visible) {
    for (const m of text.matchAll(/BALLCOURT\.[\w.]+|\{[a-z]\w*\}/g)) problems.push(`untranslated: "${m[0]}" in "${short(text)}"`);
  }

  const canvas = document.createElement("canvas");
  canvas.width = 48;
  canvas.height = 48;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  const image = (font, ch) => {
    g.clearRect(0, 0, 48, 48);
    g.font = font;
    g.fillStyle = "#000";
    g.fillText(ch, 8, 32);
    return g.getImageData(0, 0, 48, 48).data.join(",");
  };
  const blank = image("16px sans-serif", " ");
  const seen = new Set();
  const glyphs = (font, text, where) => {
    const missing = [image(font, "\u{F0000}"), image(font, "\u{10FFFD}")];
    for (const ch of text) {
      if (/\s/u.test(ch) || seen.has(`${font}|${ch}`)) continue;
      seen.add(`${font}|${ch}`);
      const drawn = image(font, ch);
      if (drawn === blank || missing.includes(drawn)) {
        problems.push(`${where}: no glyph for "${ch}" (U+${ch.codePointAt(0).toString(16).toUpperCase()}) in ${font}`);
      }
    }
  };
  for (const node of texts) {
    const style = getComputedStyle(node.parentElement);
    glyphs(`${style.fontStyle} ${style.fontWeight} 16px ${style.fontFamily}`, node.data, label(node.parentElement));
  }
  for (const el of document.querySelectorAll("*")) {   // the stand-in's icons and the module's own ::before glyphs
    const content = getComputedStyle(el, "::before").content;
    if (content && content !== "none" && content !== "normal") {
      const style = getComputedStyle(el);
      glyphs(`16px ${style.fontFamily}`, content.replace(/^"|"$/g, ""), `${label(el)} ::before`);
    }
  }
  glyphs("16px Signika, sans-serif", window.gallery.texts.join(""), "court");   // pixi-draw.mjs's font

  const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, gr, b]) => {
    const lin = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(gr) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c;
    }
    return [255, 255, 255];
  };
  const faint = new Set();
  for (const node of texts) {
    const el = node.parentElement;
    if (el.closest("button:disabled")) continue;
    const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const key = `${label(el)}: "${short(node.data)}" (${getComputedStyle(el).color} on ${background(el).join(",")}, ${ratio.toFixed(1)}:1)`;
    if (ratio < 3 && !faint.has(key)) {
      faint.add(key);
      problems.push(`too faint: ${key}`);
    }
  }
  return problems;
}
